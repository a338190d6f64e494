'use client';
import { Paper, Title } from '@mantine/core';
import { memo, useId } from 'react';
import type { EstadoFecha } from '@/domain/calendario';
import estilos from './calendario.module.css';
import { MESES, SEMANA, TEXTO_ESTADO, diasDelMes } from './meses';

export interface MesCalendarioProps {
  anio: number;
  /** 1 a 12. */
  mes: number;
  hoy: string;
  /** El estado de cada fecha del mes que tiene alguno (las demás están sin marcar). */
  estados: ReadonlyMap<string, NonNullable<EstadoFecha>>;
  onAlternar: (fecha: string) => void;
}

/**
 * Un mes del editor (spec 02 §2 "12 month grids"): semanas de lunes a domingo y un botón por
 * día. Cada botón dice su fecha completa y su estado, y `aria-pressed` indica si queda marcada.
 */
export const MesCalendario = memo(function MesCalendario({
  anio,
  mes,
  hoy,
  estados,
  onAlternar,
}: MesCalendarioProps) {
  const id = useId();
  const { vacias, dias } = diasDelMes(anio, mes);
  return (
    <Paper withBorder p="sm" className={estilos.mes} data-testid="mes">
      <Title order={3} size="h5" id={id} mb={6}>
        {MESES[mes - 1]}
      </Title>
      <div className={estilos.semana} aria-hidden="true">
        {SEMANA.map((d) => (
          <abbr key={d.nombre} title={d.nombre}>
            {d.inicial}
          </abbr>
        ))}
      </div>
      <div className={estilos.dias} role="group" aria-labelledby={id}>
        {vacias > 0 && <span style={{ gridColumn: `span ${vacias}` }} aria-hidden="true" />}
        {dias.map((d) => {
          const estado = estados.get(d.fecha) ?? null;
          const esHoy = d.fecha === hoy;
          const clases = [
            estilos.dia,
            d.diaSemana === 0 || d.diaSemana === 6 ? estilos.finDeSemana : '',
            esHoy ? estilos.hoy : '',
          ];
          return (
            <button
              key={d.fecha}
              type="button"
              className={clases.filter(Boolean).join(' ')}
              data-fecha={d.fecha}
              data-estado={estado ?? undefined}
              aria-pressed={estado === 'guardada' || estado === 'nueva'}
              aria-label={`${d.descripcion}${esHoy ? ' (hoy)' : ''}: ${TEXTO_ESTADO[estado ?? 'libre']}`}
              onClick={() => onAlternar(d.fecha)}
            >
              {d.dia}
            </button>
          );
        })}
      </div>
    </Paper>
  );
});
