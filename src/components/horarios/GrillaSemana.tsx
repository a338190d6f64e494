'use client';
import type { ReactNode } from 'react';
import { BLOQUES, DIAS, NOMBRE_DIA, bloqueBloqueado } from '@/domain/horario';
import { posicionEnGrilla, type Ahora } from './reloj';
import estilos from './horario.module.css';

/**
 * La grilla de la semana (spec 01 §2 Timetables, §9): lunes a sábado, 16 bloques de 07:30 a
 * 18:50 (17 filas con el encabezado) y la línea de la hora actual, que se mueve cada segundo.
 * `celda` dibuja el contenido de cada (día, bloque); la tarde del sábado va bloqueada.
 */
export function GrillaSemana({
  titulo,
  ahora,
  celda,
  estadoCelda,
  editable = false,
}: {
  /** El título accesible de la tabla ('Horarios de 1° 1° Básico'). */
  titulo: string;
  ahora: Ahora | null;
  celda: (dia: number, bloque: number) => ReactNode;
  /** `data-estado` de cada celda (colores: elegido, choque, aviso…). */
  estadoCelda?: (dia: number, bloque: number) => string | undefined;
  /** El editor: celdas más altas, con el campo del aula. */
  editable?: boolean;
}) {
  const linea = ahora ? posicionEnGrilla(ahora.minutos) : null;
  return (
    <div className={estilos.contenedor} data-testid="grilla-horario">
      <table className={estilos.tabla} data-editable={editable || undefined}>
        <caption className="solo-lector">{titulo}</caption>
        <thead>
          <tr>
            <th scope="col" className={estilos.columnaHora}>
              Hora
            </th>
            {DIAS.map((dia) => (
              <th
                key={dia}
                scope="col"
                data-hoy={ahora?.dia === dia || undefined}
                aria-current={ahora?.dia === dia ? 'date' : undefined}
              >
                {NOMBRE_DIA[dia]}
                {ahora?.dia === dia && <span className={estilos.hoy}> (hoy)</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {BLOQUES.map((b) => {
            const enEsta = linea?.bloque === b.bloque ? linea.fraccion : null;
            return (
              <tr key={b.bloque} data-turno={b.turno}>
                <th scope="row" className={estilos.columnaHora}>
                  <span className={estilos.hora}>{b.inicio}</span>
                  <span className={estilos.horaFin}>{b.fin}</span>
                  {enEsta !== null && (
                    <LineaAhora fraccion={enEsta} texto={ahora!.texto} conEtiqueta />
                  )}
                </th>
                {DIAS.map((dia) => {
                  const bloqueado = bloqueBloqueado(dia, b.bloque);
                  return (
                    <td
                      key={dia}
                      data-dia={dia}
                      data-bloque={b.bloque}
                      data-bloqueado={bloqueado || undefined}
                      data-hoy={ahora?.dia === dia || undefined}
                      data-estado={estadoCelda?.(dia, b.bloque)}
                    >
                      {celda(dia, b.bloque)}
                      {enEsta !== null && (
                        <LineaAhora fraccion={enEsta} hoy={ahora?.dia === dia} texto="" />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** La línea de la hora actual dentro de una celda de la fila del bloque en curso. */
function LineaAhora({
  fraccion,
  texto,
  hoy = false,
  conEtiqueta = false,
}: {
  fraccion: number;
  texto: string;
  hoy?: boolean;
  conEtiqueta?: boolean;
}) {
  return (
    <span
      className={estilos.linea}
      style={{ top: `${(fraccion * 100).toFixed(3)}%` }}
      data-hoy={hoy || undefined}
      data-testid={conEtiqueta ? 'linea-ahora' : undefined}
      aria-hidden={conEtiqueta ? undefined : true}
    >
      {conEtiqueta && (
        <span className={estilos.etiquetaAhora} role="timer" aria-label={`Hora actual: ${texto}`}>
          {texto}
        </span>
      )}
    </span>
  );
}
