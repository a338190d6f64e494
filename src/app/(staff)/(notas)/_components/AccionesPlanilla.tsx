'use client';
import { Button, Group, Text } from '@mantine/core';
import { avisar } from '@/components/ui/avisos';
import type { ReactNode } from 'react';
import { AVISO_REABRIR, CONFIRMAR_CIERRE, type EstadoPeriodoNotas } from '@/domain/periodos-notas';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { api } from '@/trpc/react';
import type { EdicionNotas } from './useEdicionNotas';

/**
 * Cerrar y reabrir la planilla de un cuatrimestre (spec 02 §8): cerrar pide confirmación, guarda
 * primero los cambios y después cierra; reabrir (Alumnado) avisa "Recuerde cerrar la planilla luego".
 */
export function usePeriodosNotas(
  cursado: number,
  {
    guardarCambios,
    guardando,
    cantidadCambios,
  }: Pick<EdicionNotas, 'guardarCambios' | 'guardando' | 'cantidadCambios'>,
) {
  const utils = api.useUtils();
  const cerrar = api.notas.cerrar.useMutation();
  const reabrir = api.notas.reabrir.useMutation();

  /** `planilla`: el nombre del cursado, para que la confirmación diga qué se cierra. */
  const cerrarPeriodo = async (e: EstadoPeriodoNotas, planilla: string) => {
    const sinGuardar =
      cantidadCambios === 0
        ? ''
        : `Primero se ${cantidadCambios === 1 ? 'guardará 1 nota' : `guardarán ${cantidadCambios} notas`} sin guardar. `;
    const ok = await confirmar({
      titulo: CONFIRMAR_CIERRE,
      mensaje: `${planilla}, ${e.nombre}. ${sinGuardar}Después ya no se podrán modificar sus notas.`,
      confirmar: 'Cerrar la planilla',
    });
    if (!ok || !(await guardarCambios())) return;
    try {
      await cerrar.mutateAsync({ cursado, cuatrimestre: e.cuatrimestre });
      await utils.notas.planilla.invalidate({ cursado });
      void utils.notas.cursados.invalidate();
      avisar({
        color: 'green',
        title: 'Planilla cerrada',
        message: `La planilla del ${e.nombre} de ${planilla} quedó cerrada.`,
      });
    } catch (err) {
      avisar({
        color: 'red',
        title: 'No se pudo cerrar',
        message: mensajeDeError(err),
      });
    }
  };

  const reabrirPeriodo = async (e: EstadoPeriodoNotas) => {
    try {
      await reabrir.mutateAsync({ cursado, cuatrimestre: e.cuatrimestre });
      await utils.notas.planilla.invalidate({ cursado });
      void utils.notas.cursados.invalidate();
      void confirmar({
        titulo: `Planilla del ${e.nombre} reabierta`,
        mensaje: AVISO_REABRIR,
        soloAceptar: true,
      });
    } catch (err) {
      avisar({
        color: 'red',
        title: 'No se pudo reabrir',
        message: mensajeDeError(err),
      });
    }
  };

  const ocupado = guardando || cerrar.isPending || reabrir.isPending;
  return { cerrarPeriodo, reabrirPeriodo, ocupado };
}

export type PeriodosNotas = ReturnType<typeof usePeriodosNotas>;

interface Props {
  /** El nombre del cursado (lo nombran las confirmaciones). */
  planilla: string;
  aplicados: readonly EstadoPeriodoNotas[];
  edicion: Pick<EdicionNotas, 'guardarCambios' | 'guardando' | 'hayCambios' | 'cantidadCambios'>;
  periodos: PeriodosNotas;
  /** Los botones de imprimir, entre los de la planilla y la cuenta de notas sin guardar. */
  children: ReactNode;
}

/**
 * Los botones de la planilla: Guardar (con la cantidad de cambios) y, por cuatrimestre, sólo las
 * acciones de su estado (`puedeCerrar`, `puedeReabrir` del dominio: nada en una publicada).
 */
export function AccionesPlanilla({ planilla, aplicados, edicion, periodos, children }: Props) {
  const { guardarCambios, guardando, hayCambios, cantidadCambios } = edicion;
  const { cerrarPeriodo, reabrirPeriodo, ocupado } = periodos;
  return (
    <Group gap="sm" className="no-imprimir">
      {aplicados.some((e) => e.puedeCargar) && (
        <Button
          onClick={() => void guardarCambios()}
          disabled={!hayCambios || ocupado}
          loading={guardando}
        >
          {hayCambios ? `Guardar (${cantidadCambios})` : 'Guardar'}
        </Button>
      )}
      {(['cerrar', 'reabrir'] as const).flatMap((accion) =>
        aplicados
          .filter((e) => (accion === 'cerrar' ? e.puedeCerrar : e.puedeReabrir))
          .map((e) => (
            <Button
              key={`${accion}-${e.cuatrimestre}`}
              variant="outline"
              onClick={() =>
                void (accion === 'cerrar' ? cerrarPeriodo(e, planilla) : reabrirPeriodo(e))
              }
              disabled={ocupado}
            >
              {accion === 'cerrar' ? 'Cerrar' : 'Reabrir'} planilla del {e.nombre}
            </Button>
          )),
      )}
      {children}
      {hayCambios && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {cantidadCambios === 1 ? '1 nota sin guardar' : `${cantidadCambios} notas sin guardar`}
        </Text>
      )}
    </Group>
  );
}
