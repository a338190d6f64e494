'use client';
import {
  Alert,
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { BarraGuardar } from '@/components/ui/BarraGuardar';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { useAvisoAlSalir } from '@/components/ui/useAvisoAlSalir';
import { Cargando } from '@/components/vistas/Cargando';
import {
  MAXIMO_OBSERVACIONES,
  mascaraDeTipos,
  nombresDeTipos,
  TIPOS_AVANCE,
  type CodigoAvance,
} from '@/domain/avances';
import { Exportar } from '@/components/ui/Exportar';
import { cantidad, fechaLegible } from '@/domain/texto';
import { api } from '@/trpc/react';
import clases from './avances.module.css';

interface Valor {
  tipos: CodigoAvance[];
  observaciones: string | null;
}
const VACIO: Valor = { tipos: [], observaciones: null };
const limpio = (v: Valor): Valor => ({
  tipos: [...v.tipos],
  observaciones: v.observaciones?.trim() ? v.observaciones : null,
});
const iguales = (a: Valor, b: Valor) =>
  mascaraDeTipos(a.tipos) === mascaraDeTipos(b.tipos) &&
  (a.observaciones?.trim() || null) === (b.observaciones?.trim() || null);

const codigoHttp = (e: unknown) =>
  (e as { data?: { httpStatus?: number } | null })?.data?.httpStatus ?? null;

/**
 * La planilla de avances de un cursado en una instancia (spec 01 §2, §4; issue 15 §2): por alumno,
 * los tipos de dificultad (ninguno es 'Sin Observaciones') y las observaciones. El docente edita y
 * guarda (sólo lo cambiado, con lo que mostraba: si otra persona lo cambió, 409 y se muestran los
 * datos guardados) y la cierra; el jefe de departamento sólo la cierra; los demás la leen.
 */
export function PlanillaAvances({ fecha, cursado }: { fecha: string; cursado: number }) {
  const utils = api.useUtils();
  const consulta = api.avances.planilla.useQuery({ fecha, cursado });
  const guardarM = api.avances.guardar.useMutation();
  const cerrarM = api.avances.cerrar.useMutation();
  const [cambios, setCambios] = useState<ReadonlyMap<number, Valor>>(new Map());
  const [conflicto, setConflicto] = useState<string | null>(null);

  const p = consulta.data;
  const pendientes = useMemo(
    () =>
      p
        ? p.alumnos.filter((a) => {
            const v = cambios.get(a.alumnoId);
            return v && !iguales(v, a.guardado ?? VACIO);
          })
        : [],
    [p, cambios],
  );
  useAvisoAlSalir(pendientes.length > 0);

  if (consulta.isPending) return <Cargando />;
  if (consulta.error)
    return (
      <Alert color="red" role="alert" title="No se pudo leer la planilla">
        {consulta.error.message}
      </Alert>
    );
  const planilla = consulta.data;

  const releer = async () => {
    await Promise.all([
      utils.avances.planilla.invalidate({ fecha, cursado }),
      utils.avances.cursados.invalidate(),
    ]);
  };

  const cambiar = (alumno: number, valor: Valor) =>
    setCambios((m) => new Map(m).set(alumno, valor));

  const guardar = async () => {
    setConflicto(null);
    try {
      const r = await guardarM.mutateAsync({
        fecha,
        cursado,
        cambios: pendientes.map((a) => {
          const v = limpio(cambios.get(a.alumnoId)!);
          return {
            alumno: a.alumnoId,
            tipos: v.tipos,
            observaciones: v.observaciones,
            anterior: a.guardado,
          };
        }),
      });
      setCambios(new Map());
      avisar({
        color: 'green',
        message:
          r.guardados === 1 ? 'Se guardó un alumno.' : `Se guardaron ${r.guardados} alumnos.`,
      });
    } catch (e) {
      if (codigoHttp(e) === 409) {
        setCambios(new Map());
        setConflicto(mensajeDeError(e));
      } else avisar({ color: 'red', title: 'No se guardó', message: mensajeDeError(e) });
    }
    await releer();
  };

  const cerrar = async () => {
    const ok = await confirmar({
      titulo: '¿Cerrar la planilla de avances?',
      mensaje: `${planilla.cursado.nombre}, cierre del ${fechaLegible(fecha)}: queda de sólo lectura y la ven los alumnos y sus referentes. No se puede reabrir.`,
      confirmar: 'Cerrar la planilla',
    });
    if (!ok) return;
    try {
      await cerrarM.mutateAsync({ fecha, cursado });
      avisar({ color: 'green', message: 'La planilla quedó cerrada.' });
    } catch (e) {
      avisar({ color: 'red', title: 'No se cerró la planilla', message: mensajeDeError(e) });
    }
    await releer();
  };

  const conDificultades = planilla.alumnos.filter(
    (a) => (a.guardado?.tipos.length ?? 0) > 0,
  ).length;

  return (
    <Stack gap="sm" data-testid="planilla-avances">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {planilla.cursado.nombre}
          </Title>
          <Text size="sm" c="dimmed">
            {[planilla.cursado.cursos.join(', '), `cierre ${fechaLegible(fecha)}`]
              .filter(Boolean)
              .join(' · ')}{' '}
            · {cantidad(planilla.alumnos.length, 'alumno', 'alumnos')} · {conDificultades} con
            dificultades
          </Text>
        </Stack>
        <Group gap="xs">
          <Exportar lista="avances-cursado" parametros={{ fecha, cursado }} />
          {planilla.cerrada ? (
            <Badge
              color="gray"
              variant="filled"
              leftSection={<IconLock size={12} aria-hidden />}
              tt="none"
            >
              Cerrada
            </Badge>
          ) : (
            <Badge color="blue" variant="light" tt="none">
              Abierta
            </Badge>
          )}
        </Group>
      </Group>
      {planilla.aviso && (
        <Alert color="yellow" role="status" data-testid="aviso-planilla">
          {planilla.aviso}
        </Alert>
      )}
      {conflicto && (
        <Alert
          color="red"
          role="alert"
          data-testid="conflicto"
          withCloseButton
          onClose={() => setConflicto(null)}
        >
          {conflicto}
        </Alert>
      )}
      {!planilla.puedeEditar && !planilla.cerrada && planilla.motivo && (
        <Text size="sm" c="dimmed">
          {planilla.puedeCerrar
            ? 'Puede cerrar la planilla; los avances los carga el docente del cursado.'
            : planilla.motivo}
        </Text>
      )}
      {planilla.alumnos.length === 0 ? (
        <Text c="dimmed">Sin resultados</Text>
      ) : (
        <Stack component="ol" gap="xs" className={clases.lista} aria-label="Alumnos">
          {planilla.alumnos.map((a) => {
            const nombre = `${a.apellido}, ${a.nombre}`;
            const valor = cambios.get(a.alumnoId) ?? a.guardado ?? VACIO;
            const cambiado = pendientes.includes(a);
            return (
              <Paper
                key={a.alumnoId}
                component="li"
                withBorder
                p="sm"
                className={clases.alumno}
                data-testid="fila-avance"
                data-alumno={a.alumnoId}
                data-cambiado={cambiado || undefined}
              >
                <Text fw={600} size="sm" id={`avance-${a.alumnoId}`}>
                  {nombre}
                  {cambiado && (
                    <Text span size="xs" c="blue.8" ml={6}>
                      (sin guardar)
                    </Text>
                  )}
                </Text>
                {planilla.puedeEditar ? (
                  <Stack gap={6} mt={6}>
                    <Chip.Group
                      multiple
                      value={valor.tipos}
                      onChange={(tipos) =>
                        cambiar(a.alumnoId, { ...valor, tipos: tipos as CodigoAvance[] })
                      }
                    >
                      <Group gap={6} role="group" aria-labelledby={`avance-${a.alumnoId}`}>
                        {TIPOS_AVANCE.map((t) => (
                          <Chip
                            key={t.codigo}
                            value={t.codigo}
                            size="xs"
                            color={COLOR[t.codigo]}
                            autoContrast
                          >
                            {t.nombre}
                          </Chip>
                        ))}
                      </Group>
                    </Chip.Group>
                    <Textarea
                      aria-label={`Observaciones de ${nombre}`}
                      placeholder="Observaciones (opcional)"
                      autosize
                      minRows={1}
                      maxRows={4}
                      maxLength={MAXIMO_OBSERVACIONES}
                      value={valor.observaciones ?? ''}
                      onChange={(e) =>
                        cambiar(a.alumnoId, { ...valor, observaciones: e.currentTarget.value })
                      }
                    />
                  </Stack>
                ) : (
                  <Stack gap={4} mt={4}>
                    <Group gap={4}>
                      {a.guardado == null ? (
                        <Text size="sm" c="dimmed">
                          Sin cargar
                        </Text>
                      ) : (
                        nombresDeTipos(mascaraDeTipos(a.guardado.tipos)).map((n) => (
                          <Badge
                            key={n}
                            variant="filled"
                            autoContrast
                            tt="none"
                            color={COLOR_NOMBRE[n] ?? 'gray.2'}
                          >
                            {n}
                          </Badge>
                        ))
                      )}
                    </Group>
                    {a.guardado?.observaciones && (
                      <Text size="sm" className={clases.observaciones}>
                        {a.guardado.observaciones}
                      </Text>
                    )}
                  </Stack>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
      {planilla.puedeEditar && (
        <BarraGuardar
          cambios={pendientes.length}
          guardando={guardarM.isPending}
          onGuardar={() => void guardar()}
        >
          {planilla.puedeCerrar && (
            <Button
              variant="default"
              leftSection={<IconLock size={16} aria-hidden />}
              onClick={() => void cerrar()}
              loading={cerrarM.isPending}
              disabled={pendientes.length > 0}
              title={pendientes.length > 0 ? 'Guarde los cambios antes de cerrar' : undefined}
            >
              Cerrar planilla
            </Button>
          )}
        </BarraGuardar>
      )}
      {!planilla.puedeEditar && planilla.puedeCerrar && (
        <Group>
          <Button
            leftSection={<IconLock size={16} aria-hidden />}
            onClick={() => void cerrar()}
            loading={cerrarM.isPending}
          >
            Cerrar planilla
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * Las mismas familias que las celdas del planillón (E rojo, T naranja, P azul), en tonos que
 * cumplen AA con el texto que elige `autoContrast` (blanco o negro) en el chip y la insignia.
 */
const COLOR: Record<CodigoAvance, string> = {
  evaluaciones: 'red.9',
  trabajos: 'orange.4',
  participacion: 'blue.9',
};

const COLOR_NOMBRE: Record<string, string> = Object.fromEntries(
  TIPOS_AVANCE.map((t) => [t.nombre, COLOR[t.codigo]]),
);
