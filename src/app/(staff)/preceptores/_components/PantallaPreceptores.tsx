'use client';
import { ERROR_DESVINCULAR_PRECEPTOR, ERROR_VINCULAR_PRECEPTOR } from '@/domain/asignaciones';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { SinAsignaciones } from '@/components/asignaciones/ListaAsignaciones';
import { AgregarDesdeLista } from '@/components/listas/AgregarDesdeLista';
import {
  DetalleAsignacion,
  PantallaAsignaciones,
} from '@/components/asignaciones/PantallaAsignaciones';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import type { Opcion } from '@/domain/opciones';
import { api } from '@/trpc/react';

/** Los errores del catálogo (spec 02 §8). */
const ERROR_VINCULAR = ERROR_VINCULAR_PRECEPTOR;
const ERROR_DESVINCULAR = ERROR_DESVINCULAR_PRECEPTOR;

/** El mensaje del catálogo y, si el servidor da el motivo, el motivo. */
function errorDelCatalogo(base: string, e: unknown): string {
  const m = mensajeDeError(e);
  return m.startsWith(base) ? m : `${base}: ${m}`;
}

/**
 * /preceptores (spec 02 §2): se elige un preceptor y se vinculan o desvinculan sus cursos del
 * ciclo elegido (cada año se asigna por separado); cada cambio se guarda en el momento
 * (POST /link/preceptor_curso). Un vínculo que ya existe se ignora.
 */
export function PantallaPreceptores() {
  return (
    <PantallaAsignaciones
      titulo="Preceptores"
      testId="detalle-preceptores"
      fuente="preceptores"
      etiqueta="Preceptores"
      sinEleccion="Seleccione un preceptor"
    >
      {(elegido) => <CursosDelPreceptor key={elegido.id} preceptor={elegido} />}
    </PantallaAsignaciones>
  );
}

function CursosDelPreceptor({ preceptor }: { preceptor: Opcion }) {
  const utils = api.useUtils();
  const { ciclo } = useEstadoCompartido();
  const datos = api.cursos.delPreceptor.useQuery({ id: preceptor.id, ciclo });
  const vincular = api.cursos.vincularPreceptor.useMutation();
  const [agregando, setAgregando] = useState(false);
  /** El curso que se está vinculando o desvinculando (uno por vez). */
  const [enCurso, setEnCurso] = useState<number | null>(null);
  const ocupado = enCurso != null;
  const titulo = `Cursos de ${preceptor.etiqueta} (${ciclo})`;

  const cambiar = async (curso: { id: number; nombre: string }, link: boolean) => {
    if (ocupado) return;
    setEnCurso(curso.id);
    try {
      await vincular.mutateAsync({ preceptor: preceptor.id, curso: curso.id, link });
      avisar({
        color: 'green',
        message: link
          ? `${curso.nombre} vinculado a ${preceptor.etiqueta}`
          : `${curso.nombre} desvinculado de ${preceptor.etiqueta}`,
      });
      await Promise.all([
        utils.cursos.delPreceptor.invalidate({ id: preceptor.id, ciclo }),
        utils.cursos.delPreceptor.invalidate(),
      ]);
    } catch (e) {
      avisar({
        color: 'red',
        title: 'No se pudo guardar',
        message: errorDelCatalogo(link ? ERROR_VINCULAR : ERROR_DESVINCULAR, e),
      });
    } finally {
      setEnCurso(null);
    }
  };

  const desvincular = async (curso: { id: number; nombre: string }) => {
    const ok = await confirmar({
      titulo: `¿Desvincular ${curso.nombre} de ${preceptor.etiqueta}?`,
      mensaje: `El preceptor deja de ver el curso en ${ciclo}: sus alumnos, asistencias y medidas de ese año.`,
      confirmar: 'Desvincular',
      peligro: true,
    });
    if (ok) await cambiar(curso, false);
  };

  return (
    <DetalleAsignacion titulo={titulo} consulta={datos}>
      {(cursos) => (
        <>
          {cursos.length === 0 ? (
            <SinAsignaciones texto="Sin cursos asignados" />
          ) : (
            <Box component="ul" aria-label={titulo} p={0} m={0}>
              {cursos.map((c) => (
                <Group
                  component="li"
                  key={c.orden}
                  justify="space-between"
                  wrap="nowrap"
                  gap="xs"
                  py={6}
                  data-testid="curso-preceptor"
                  style={{
                    listStyle: 'none',
                    borderBottom: '1px solid var(--mantine-color-default-border)',
                  }}
                >
                  <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
                    {c.nombre}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconLinkOff size={14} />}
                    aria-label={`Desvincular ${c.nombre}`}
                    loading={enCurso === c.orden}
                    disabled={ocupado && enCurso !== c.orden}
                    onClick={() => void desvincular({ id: c.orden, nombre: c.nombre })}
                    style={{ flexShrink: 0 }}
                  >
                    Desvincular
                  </Button>
                </Group>
              ))}
            </Box>
          )}
          <AgregarDesdeLista
            abierta={agregando}
            onAbierta={setAgregando}
            texto="Vincular curso"
            fuente="cursos"
            etiqueta="Cursos para vincular"
            seleccionado={enCurso}
            onElegir={(o) => {
              if (ocupado) return;
              if (cursos.some((c) => c.orden === o.id)) {
                avisar({
                  color: 'yellow',
                  message: `${o.etiqueta} ya está vinculado a ${preceptor.etiqueta}.`,
                });
                return;
              }
              void cambiar({ id: o.id, nombre: o.etiqueta }, true);
            }}
          />
          {ocupado && (
            <Text size="sm" c="dimmed" role="status">
              Guardando…
            </Text>
          )}
        </>
      )}
    </DetalleAsignacion>
  );
}
