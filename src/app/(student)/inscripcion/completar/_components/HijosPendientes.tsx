'use client';
import { useState } from 'react';
import { nombreCompleto } from '@/domain/escuela';
import {
  CODIGO_INVALIDO,
  ERRORES_DEL_CODIGO,
  PENDIENTE_DE_CONFIRMACION,
  normalizarCodigo,
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
 * formulario de inscripción. Con el código de vinculación que entrega la escuela el referente lo
 * confirma en el momento.
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
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const nombre = nombreCompleto(alumno);

  const confirmar = async () => {
    if (confirmando) return;
    const escrito = normalizarCodigo(codigo);
    if (!escrito) return setError(CODIGO_INVALIDO);
    setConfirmando(true);
    try {
      await mutar('inscripcion.vincularme', { alumno: alumno.orden, codigo: escrito });
      avisar({ color: 'green', message: `${nombre} quedó vinculado/a.` });
      alConfirmar();
    } catch (e) {
      const mensaje = mensajeDeError(e, 'No se pudo confirmar el vínculo.');
      if (ERRORES_DEL_CODIGO.includes(mensaje)) setError(mensaje);
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
        código de vinculación de {alumno.nombre} que entrega la escuela, ingréselo para confirmarlo
        ahora.
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
          id={`pendiente-${alumno.orden}-codigo`}
          etiqueta={`Código de vinculación de ${alumno.nombre}`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCDE-FGHJK"
          maxLength={20}
          value={codigo}
          onChange={(e) => {
            setCodigo(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          ancho={clases.campoCodigo}
        />
        <Boton type="submit" variante="light" className={clases.alInicio} guardando={confirmando}>
          Confirmar con el código
        </Boton>
      </form>
    </li>
  );
}
