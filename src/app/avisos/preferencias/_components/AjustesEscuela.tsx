'use client';
import { useState } from 'react';
import { mutar } from '@/components/avisos/llamar';
import { ESPERAS_MINUTOS } from '@/domain/avisos';
import css from '../../_components/avisos.module.css';
import { PieGuardar, type EstadoGuardado } from './PieGuardar';

const textoEspera = (m: number) => (m === 0 ? 'Sin espera' : `${m} minutos`);

/**
 * La espera de la escuela antes de avisar una inasistencia (Admin y Regente): un error de la
 * planilla corregido dentro de ese tiempo no llega a las familias. Se elige de una lista (nada que
 * teclear: "1.5" no puede convertirse en 15).
 */
export function AjustesEscuela({ esperaMinutos }: { esperaMinutos: number }) {
  const [espera, setEspera] = useState(String(esperaMinutos));
  const [estado, setEstado] = useState<EstadoGuardado>('editando');
  const [error, setError] = useState<string | null>(null);
  const opciones = [...new Set<number>([...ESPERAS_MINUTOS, esperaMinutos])].sort((a, b) => a - b);
  return (
    <form
      className={css.formulario}
      aria-labelledby="ajustes-escuela"
      onSubmit={async (e) => {
        e.preventDefault();
        setEstado('guardando');
        setError(null);
        try {
          await mutar('avisos.guardarAjustesEscuela', { esperaMinutos: Number(espera) });
          setEstado('guardado');
        } catch (x) {
          setEstado('editando');
          setError((x as Error).message);
        }
      }}
    >
      <h2 id="ajustes-escuela" className={css.subtitulo}>
        Ajustes de la escuela
      </h2>
      <div className={css.campo}>
        <label htmlFor="espera-inasistencia">Espera antes de avisar una inasistencia</label>
        <select
          id="espera-inasistencia"
          aria-describedby="espera-inasistencia-ayuda"
          value={espera}
          onChange={(e) => {
            setEspera(e.currentTarget.value);
            setEstado('editando');
            setError(null);
          }}
        >
          {opciones.map((m) => (
            <option key={m} value={m}>
              {textoEspera(m)}
            </option>
          ))}
        </select>
      </div>
      <p id="espera-inasistencia-ayuda" className={css.ayuda}>
        Desde el último cambio de la planilla del curso: un error corregido dentro de ese tiempo no
        llega a las familias.
      </p>
      <PieGuardar
        estado={estado}
        error={error}
        boton="Guardar ajuste"
        guardado="Ajuste guardado."
      />
    </form>
  );
}
