'use client';
import { Portal, VisuallyHidden } from '@mantine/core';
import Link from 'next/link';
import { memo, useCallback, useState, type FocusEvent, type MouseEvent } from 'react';
import type { CeldaPlanillon, ColorCelda, ColumnaPlanillon, ModeloPlanillon } from './tipos';
import clases from './planillon.module.css';

/** Ancho de una columna de día y de un domingo (angosto), en píxeles. */
export const ANCHO_DIA = 30;
export const ANCHO_DOMINGO = 12;
const ANCHO_TOTAL = 56;

const anchoDe = (c: ColumnaPlanillon) => c.ancho ?? (c.angosta ? ANCHO_DOMINGO : ANCHO_DIA);

const colorTexto = (c: ColorCelda | null | undefined) =>
  c ? `var(--mantine-color-${c}-${c === 'gray' ? 7 : 9})` : undefined;

interface Descripcion {
  texto: string;
  x: number;
  y: number;
  /** Borde superior de la celda, por si no entra debajo. */
  arriba: number;
}

/**
 * La grilla genérica del planillón (spec 01 §2 Overview): filas = alumnos, primera columna
 * fija con el nombre (enlace al legajo), encabezado fijo, las columnas del modo (los domingos
 * angostos) y los totales. Al pasar el cursor (o enfocar) una celda aparece su descripción:
 * una sola ventanita para toda la grilla (delegación de eventos), así un curso de 35 alumnos
 * × 31 días no monta mil tooltips. La tabla está memorizada: mover el cursor no la redibuja.
 */
export function GrillaPlanillon({ modelo, titulo }: { modelo: ModeloPlanillon; titulo: string }) {
  const [descripcion, setDescripcion] = useState<Descripcion | null>(null);

  const mostrar = useCallback((objetivo: EventTarget | null) => {
    const celda = (objetivo as Element | null)?.closest?.('[data-descripcion]');
    if (!celda) return setDescripcion(null);
    const r = celda.getBoundingClientRect();
    const texto = celda.getAttribute('data-descripcion') ?? '';
    setDescripcion((d) =>
      d && d.texto === texto && d.x === r.left && d.y === r.bottom
        ? d
        : { texto, x: r.left, y: r.bottom, arriba: r.top },
    );
  }, []);
  const ocultar = useCallback(() => setDescripcion(null), []);

  return (
    <>
      <div
        className={clases.contenedor}
        data-testid="grilla-planillon"
        role="region"
        aria-label={titulo}
        // Desplazable con el teclado (axe: scrollable-region-focusable).
        tabIndex={0}
        onMouseOver={(e: MouseEvent) => mostrar(e.target)}
        onMouseLeave={ocultar}
        onFocus={(e: FocusEvent) => mostrar(e.target)}
        onBlur={ocultar}
        onScroll={ocultar}
      >
        <Tabla modelo={modelo} titulo={titulo} />
      </div>
      {descripcion && <VentanaDescripcion d={descripcion} />}
    </>
  );
}

function VentanaDescripcion({ d }: { d: Descripcion }) {
  const lineas = d.texto.split('\n').length;
  const alto = 16 + lineas * 18;
  const abajo = d.y + 6 + alto < window.innerHeight;
  const left = Math.max(8, Math.min(d.x, window.innerWidth - 368));
  return (
    <Portal>
      <div
        role="tooltip"
        data-testid="descripcion-planillon"
        className={clases.descripcion}
        style={abajo ? { left, top: d.y + 6 } : { left, bottom: window.innerHeight - d.arriba + 6 }}
      >
        {d.texto}
      </div>
    </Portal>
  );
}

const Tabla = memo(function Tabla({ modelo, titulo }: { modelo: ModeloPlanillon; titulo: string }) {
  const { columnas, totales, filas } = modelo;
  const resto =
    columnas.reduce((t, c) => t + anchoDe(c), 0) +
    totales.reduce((t, c) => t + (c.ancho ?? ANCHO_TOTAL), 0);
  return (
    <table className={clases.tabla} style={{ width: `calc(var(--ancho-nombre) + ${resto}px)` }}>
      <caption>
        <VisuallyHidden>{titulo}</VisuallyHidden>
      </caption>
      <colgroup>
        <col style={{ width: 'var(--ancho-nombre)' }} />
        {columnas.map((c) => (
          <col key={c.clave} style={{ width: anchoDe(c) }} />
        ))}
        {totales.map((c) => (
          <col key={c.clave} style={{ width: c.ancho ?? ANCHO_TOTAL }} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <th scope="col" className={clases.nombre}>
            Alumno
          </th>
          {columnas.map((c) => (
            <th
              key={c.clave}
              scope="col"
              data-columna={c.clave}
              data-angosta={c.angosta || undefined}
              className={[c.angosta && clases.domingo, c.destacada && clases.hoy]
                .filter(Boolean)
                .join(' ')}
              aria-label={c.descripcion}
              title={c.descripcion}
            >
              {c.angosta ? null : (
                <>
                  <span className={clases.dia}>{c.titulo}</span>
                  {c.subtitulo && <span className={clases.inicial}>{c.subtitulo}</span>}
                </>
              )}
            </th>
          ))}
          {totales.map((c) => (
            <th
              key={c.clave}
              scope="col"
              data-columna={`total-${c.clave}`}
              className={clases.total}
              title={c.descripcion}
            >
              {c.titulo}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {filas.map((f) => (
          <tr key={f.orden} data-alumno={f.orden}>
            <th scope="row" className={clases.nombre} title={f.nombre}>
              <Link href={`/legajo/${f.orden}`} prefetch={false}>
                {f.nombre}
              </Link>
            </th>
            {f.celdas.map((celda, i) => (
              <Celda key={columnas[i]!.clave} celda={celda} columna={columnas[i]!} enfocable />
            ))}
            {f.totales.map((celda, i) => (
              <Celda key={totales[i]!.clave} celda={celda} columna={totales[i]!} total />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
});

function Celda({
  celda,
  columna,
  total,
  enfocable,
}: {
  celda: CeldaPlanillon | null;
  columna: ColumnaPlanillon;
  total?: boolean;
  enfocable?: boolean;
}) {
  const clase = [
    columna.angosta && clases.domingo,
    total && clases.total,
    celda?.descripcion && clases.conDescripcion,
    celda?.relleno && celda.color && clases[`relleno-${celda.color}`],
  ]
    .filter(Boolean)
    .join(' ');
  if (!celda) return <td className={clase || undefined} />;
  return (
    <td
      className={clase}
      data-columna={total ? `total-${columna.clave}` : columna.clave}
      data-color={celda.color ?? undefined}
      data-descripcion={celda.descripcion || undefined}
      tabIndex={enfocable && celda.descripcion ? 0 : undefined}
      style={celda.relleno ? undefined : { color: colorTexto(celda.color) }}
    >
      {celda.partes ? (
        <span>
          {celda.partes.map((p, i) => (
            <span key={i} style={p.color ? { color: colorTexto(p.color) } : undefined}>
              {p.texto}
            </span>
          ))}
        </span>
      ) : (
        celda.texto
      )}
      {celda.descripcion && <VisuallyHidden>{`: ${celda.descripcion}`}</VisuallyHidden>}
    </td>
  );
}

/** Muestra de color de la leyenda (el mismo estilo que las celdas). */
export function MuestraColor({
  color,
  relleno,
  muestra = '1',
}: {
  color: ColorCelda;
  relleno?: boolean;
  muestra?: string;
}) {
  return (
    <span
      aria-hidden
      className={clases.muestra}
      style={
        relleno
          ? {
              background:
                color === 'yellow'
                  ? 'var(--mantine-color-yellow-4)'
                  : `var(--mantine-color-${color}-9)`,
            }
          : { color: colorTexto(color) }
      }
    >
      {relleno ? '' : muestra}
    </span>
  );
}
