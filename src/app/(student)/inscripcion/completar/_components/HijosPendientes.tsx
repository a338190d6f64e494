'use client';
import { useState } from 'react';
import { nombreCompleto } from '@/domain/escuela';
import {
  DEMASIADOS_INTENTOS_DNI,
  DNI_INVALIDO,
  DNI_NO_COINCIDE,
  PENDIENTE_DE_CONFIRMACION,
  leerDni,
} from '@/domain/vinculos';
import { avisar } from './avisos';
import { Boton, CampoTexto } from './campos';
import { mensajeDeError } from './errores';
import clases from './inscripcion.module.css';
import { mutar } from './llamar';

interface Pendiente {
  orden: number;
  apellido: string;
  nombre: string;
}

/**
 * Los alumnos con los que el referente declaró su vínculo y que la escuela todavía no confirmó
 * (issue 11): sólo el nombre, "Pendiente de confirmación por la escuela", sin ningún dato ni el
 * formulario de inscripción. Con el DNI del alumno el referente lo confirma en el momento.
 */
export function HijosPendientes({
  pendientes,
  alConfirmar,
}: {
  pendientes: readonly Pendiente[];
  alConfirmar: () => void;
}) {
  if (pendientes.length === 0) return null;
  return (
    <ul className={clases.pendientes} aria-label="Vínculos pendientes">
      {pendientes.map((p) => (
        <VinculoPendiente key={p.orden} alumno={p} alConfirmar={alConfirmar} />
      ))}
    </ul>
  );
}

function VinculoPendiente({ alumno, alConfirmar }: { alumno: Pendiente; alConfirmar: () => void }) {
  const [dni, setDni] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const nombre = nombreCompleto(alumno);

  const confirmar = async () => {
    if (confirmando) return;
    const numero = leerDni(dni);
    if (numero === null || Number.isNaN(numero)) return setError(DNI_INVALIDO);
    setConfirmando(true);
    try {
      await mutar('inscripcion.vincularme', { alumno: alumno.orden, dni: numero });
      avisar({ color: 'green', message: `${nombre} quedó vinculado/a.` });
      alConfirmar();
    } catch (e) {
      const mensaje = mensajeDeError(e, 'No se pudo confirmar el vínculo.');
      if (mensaje === DNI_NO_COINCIDE || mensaje === DEMASIADOS_INTENTOS_DNI) setError(mensaje);
      else avisar({ color: 'red', message: mensaje });
    } finally {
      setConfirmando(false);
    }
  };

  return (
    <li className={`${clases.papelChico} ${clases.pilaMinima}`} data-testid="hijo-pendiente">
      <div className={clases.fila}>
        <p className={`${clases.textoNormal} ${clases.fuerte}`}>{nombre}</p>
        <span className={`${clases.insignia} ${clases.insigniaAmbar}`}>
          {PENDIENTE_DE_CONFIRMACION}
        </span>
      </div>
      <p className={`${clases.texto} ${clases.atenuado}`}>
        Sus datos y su inscripción se habilitan cuando la escuela confirme el vínculo. Si tiene el
        DNI de {alumno.nombre}, ingréselo para confirmarlo ahora.
      </p>
      <form
        noValidate
        aria-label={`Confirmar el vínculo con ${nombre}`}
        className={clases.pilaMinima}
        onSubmit={(e) => {
          e.preventDefault();
          void confirmar();
        }}
      >
        <CampoTexto
          id={`pendiente-${alumno.orden}-dni`}
          etiqueta={`DNI de ${alumno.nombre}`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          value={dni}
          onChange={(e) => {
            setDni(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          ancho={clases.campoDni}
        />
        <Boton type="submit" variante="light" className={clases.alInicio} guardando={confirmando}>
          Confirmar con el DNI
        </Boton>
      </form>
    </li>
  );
}
