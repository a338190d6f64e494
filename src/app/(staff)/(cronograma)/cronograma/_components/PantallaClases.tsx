'use client';
import { Badge, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { SIN_TEMAS } from '@/domain/cronograma';
import { ClaseEditable } from './ClaseEditable';
import {
  LugarEvaluacion,
  ProveedorEvaluaciones,
  ResumenEvaluaciones,
  type Disponibles,
} from './Evaluaciones';
import type { Libro } from './comun';
import { fechaLarga } from './ruta';
import estilos from './cronograma.module.css';
import { cantidad } from '@/domain/texto';

type Filtro = 'todas' | 'pasadas';

/** Con más clases que estas, se lleva a la vista la clase de hoy (o la última pasada). */
const DESPLAZAR_DESDE = 4;

/**
 * Clases de /cronograma/{id}/clases (spec 01 §2, §5, §6, §8): las fechas de clase del cursado. Las
 * pasadas llevan el libro de temas (el docente lo escribe y se guarda solo; el jefe de
 * departamento lo lee o ve 'No se han registrado temas para esta clase.'); las futuras se listan
 * como "Próxima clase" y, al docente, con su lugar de evaluación (reservar o cancelar). La clase
 * de hoy (o la última pasada) queda a la vista al entrar.
 */
export function PantallaClases({
  libro,
  evaluaciones,
}: {
  libro: Libro;
  /** Los lugares de evaluación (sólo el docente los ve). */
  evaluaciones: Disponibles | null;
}) {
  const contenido = <ListaClases libro={libro} conEvaluaciones={!!evaluaciones} />;
  return evaluaciones ? (
    <ProveedorEvaluaciones cursado={libro.cursado.cursadoId} inicial={evaluaciones}>
      {contenido}
    </ProveedorEvaluaciones>
  ) : (
    contenido
  );
}

function ListaClases({ libro, conEvaluaciones }: { libro: Libro; conEvaluaciones: boolean }) {
  const [filtro, setFiltro] = useState<Filtro>('todas');
  const { clases, hoy, puedeEscribir, cursado } = libro;
  const pasadas = clases.filter((c) => c.pasada).length;
  const conTemas = clases.filter((c) => c.pasada && c.texto).length;
  const visibles = filtro === 'pasadas' ? clases.filter((c) => c.pasada) : clases;
  /** La clase que se lleva a la vista: la de hoy, o la última pasada, o la primera. */
  const foco = useMemo(
    () => [...clases].reverse().find((c) => c.fecha <= hoy)?.fecha ?? clases[0]?.fecha ?? null,
    [clases, hoy],
  );

  useEffect(() => {
    if (!foco || clases.length <= DESPLAZAR_DESDE) return;
    document.getElementById(`clase-${foco}`)?.scrollIntoView({ block: 'center' });
  }, [foco, filtro, clases.length]);

  if (clases.length === 0)
    return (
      <Text c="dimmed" role="status">
        Sin resultados
      </Text>
    );

  return (
    <Stack gap="sm">
      {conEvaluaciones && <ResumenEvaluaciones />}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" c="dimmed" data-testid="resumen-clases">
          {cantidad(clases.length, 'clase', 'clases')} en {cursado.ciclolectivo} ·{' '}
          {cantidad(pasadas, 'dictada', 'dictadas')} · {conTemas} con temas
        </Text>
        <SegmentedControl
          aria-label="Clases que se muestran"
          size="xs"
          value={filtro}
          onChange={(v) => setFiltro(v as Filtro)}
          data={[
            { value: 'todas', label: 'Todas' },
            { value: 'pasadas', label: 'Sólo clases pasadas' },
          ]}
        />
      </Group>
      <Stack gap="xs" component="ol" className={estilos.lista} aria-label="Clases">
        {visibles.map((c) => {
          const etiqueta = fechaLarga(c.fecha);
          const esHoy = c.fecha === hoy;
          return (
            <Paper
              key={c.fecha}
              component="li"
              withBorder
              p="sm"
              id={`clase-${c.fecha}`}
              className={estilos.clase}
              data-hoy={esHoy || undefined}
              data-testid="clase"
              data-fecha={c.fecha}
            >
              <Stack gap={6}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text fw={600} component="h2" size="md" m={0}>
                    {etiqueta}
                  </Text>
                  {esHoy ? (
                    <Badge variant="filled" tt="none" style={{ flexShrink: 0 }}>
                      Hoy
                    </Badge>
                  ) : (
                    !c.pasada && (
                      <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                        Próxima clase
                      </Badge>
                    )
                  )}
                </Group>
                {c.pasada &&
                  (puedeEscribir ? (
                    <ClaseEditable
                      cursado={cursado.cursadoId}
                      fecha={c.fecha}
                      etiqueta={etiqueta}
                      inicial={c.texto}
                    />
                  ) : c.texto ? (
                    <Text size="sm" className={estilos.texto}>
                      {c.texto}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed" fs="italic">
                      {SIN_TEMAS}
                    </Text>
                  ))}
                {!c.pasada && conEvaluaciones && <LugarEvaluacion fecha={c.fecha} />}
                {c.pasada && c.autor && !puedeEscribir && (
                  <Text size="xs" c="dimmed">
                    Escrito por {c.autor}
                  </Text>
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
