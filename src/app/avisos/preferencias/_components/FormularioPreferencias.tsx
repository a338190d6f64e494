'use client';
import { useState } from 'react';
import { mutar } from '@/components/avisos/llamar';
import { NOMBRE_MODO, type Categoria, type Modo } from '@/domain/avisos';
import css from '../../_components/avisos.module.css';
import { PieGuardar, type EstadoGuardado } from './PieGuardar';

interface Datos {
  email: string | null;
  horaResumen: number;
  categorias: { categoria: Categoria; nombre: string; modo: Modo; modos: Modo[] }[];
}

const HORAS = Array.from({ length: 24 }, (_, h) => h);

/**
 * Un selector por categoría con sus modos (no recibir, en el momento, en el resumen diario: los que
 * admite cada una) y la hora del resumen. Guarda todo junto; el servidor registra el cambio.
 */
export function FormularioPreferencias({ datos }: { datos: Datos }) {
  const [modos, setModos] = useState<Record<string, Modo>>(() =>
    Object.fromEntries(datos.categorias.map((c) => [c.categoria, c.modo])),
  );
  const [hora, setHora] = useState(String(datos.horaResumen));
  const [estado, setEstado] = useState<EstadoGuardado>('editando');
  const [error, setError] = useState<string | null>(null);
  const cambiar = () => {
    setEstado('editando');
    setError(null);
  };

  return (
    <form
      className={css.formulario}
      onSubmit={async (e) => {
        e.preventDefault();
        setEstado('guardando');
        setError(null);
        try {
          await mutar('avisos.guardarPreferencias', {
            modos: datos.categorias.map((c) => ({
              categoria: c.categoria,
              modo: modos[c.categoria],
            })),
            horaResumen: Number(hora),
          });
          setEstado('guardado');
        } catch (x) {
          setEstado('editando');
          setError((x as Error).message);
        }
      }}
    >
      {datos.email && <p className={css.cuenta}>Los correos llegan a {datos.email}.</p>}
      {datos.categorias.map((c) => (
        <div key={c.categoria} className={css.campo}>
          <label htmlFor={`modo-${c.categoria}`}>{c.nombre}</label>
          <select
            id={`modo-${c.categoria}`}
            value={modos[c.categoria]}
            onChange={(e) => {
              const modo = e.currentTarget.value as Modo;
              setModos((x) => ({ ...x, [c.categoria]: modo }));
              cambiar();
            }}
          >
            {c.modos.map((m) => (
              <option key={m} value={m}>
                {NOMBRE_MODO[m]}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className={css.campo}>
        <label htmlFor="hora-resumen">Hora del resumen diario</label>
        <select
          id="hora-resumen"
          value={hora}
          onChange={(e) => {
            setHora(e.currentTarget.value);
            cambiar();
          }}
        >
          {HORAS.map((h) => (
            <option key={h} value={h}>
              {`${String(h).padStart(2, '0')}:00`}
            </option>
          ))}
        </select>
      </div>
      <PieGuardar
        estado={estado}
        error={error}
        boton="Guardar"
        guardado="Preferencias guardadas."
      />
    </form>
  );
}
