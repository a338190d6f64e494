'use client';
import {
  Alert,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  TableScrollContainer,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { fechaCompleta, fechaConDia } from '@/components/evaluaciones/fechas';
import clases from './proximas.module.css';

/** Una evaluación del resumen (evaluaciones.proximas, GET /api/evaluaciones). */
export interface EvaluacionProxima {
  evaluacionId: number;
  fecha: string;
  cursadoId: number;
  cursado: string;
  materia: string | null;
  bloque: number | null;
  aula: string | null;
  inicio: string | null;
  /** 'Hoy', 'Falta 1 día' o 'Faltan N días' (spec 01 §9, lo calcula el servidor). */
  cuenta: string;
}

/** Una PIC desde hoy de una materia del curso ('PIC de {materia}', con el aula). */
export interface PicProxima {
  picId: number;
  materia: string;
  fecha: string;
  inicio: string;
  aula: string | null;
  cuenta: string;
}

export interface CursoConEvaluaciones {
  cursoId: number;
  curso: string;
  evaluaciones: EvaluacionProxima[];
  pics: PicProxima[];
}

/**
 * Al imprimir, sólo el resumen: sin barra superior ni menú ni el botón; cada curso entero en su
 * página si entra (los preceptores lo usan en papel).
 */
const IMPRESION = `@media print {
  @page { margin: 12mm; }
  main :not(:has([data-evaluaciones])):not([data-evaluaciones]):not([data-evaluaciones] *) { display: none !important; }
}`;

/**
 * /evaluaciones-readonly (spec 01 §2 Evaluations, §9): las evaluaciones y las PIC desde hoy, un
 * bloque por curso (el nombre del curso como título) con la materia, la fecha, la hora de comienzo y 'Hoy',
 * 'Falta 1 día' o 'Faltan N días'. Sólo lectura; 'Imprimir' abre la impresión del navegador.
 */
export function PantallaProximas({
  hoy,
  cursos,
  mensaje,
}: {
  hoy: string | null;
  cursos: CursoConEvaluaciones[];
  mensaje: string | null;
}) {
  return (
    <Stack gap="md" data-evaluaciones className={clases.pantalla}>
      <style>{IMPRESION}</style>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Evaluaciones
          </Title>
          {hoy && (
            <Text c="dimmed" data-testid="hoy-es">
              Hoy es {fechaCompleta(hoy)}
            </Text>
          )}
        </Stack>
        {cursos.length > 0 && (
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
            className={clases.noImprimir}
          >
            Imprimir
          </Button>
        )}
      </Group>
      {mensaje && (
        <Alert color="red" role="alert" data-testid="mensaje-vista">
          {mensaje}
        </Alert>
      )}
      {!mensaje && cursos.length === 0 && (
        <Text c="dimmed" data-testid="sin-resultados">
          Sin resultados
        </Text>
      )}
      {cursos.map((c) => (
        <Paper
          key={c.cursoId}
          component="section"
          withBorder
          p="sm"
          aria-labelledby={`curso-${c.cursoId}`}
          data-testid="curso-evaluaciones"
          className={clases.curso}
        >
          <Title order={2} size="h4" mb="xs" id={`curso-${c.cursoId}`}>
            {c.curso}
          </Title>
          <TableScrollContainer minWidth={460} type="native">
            <Table striped layout="fixed" className={clases.tabla}>
              <TableThead>
                <TableTr>
                  <TableTh scope="col" w="40%">
                    Materia
                  </TableTh>
                  <TableTh scope="col" w="26%">
                    Fecha
                  </TableTh>
                  <TableTh scope="col" w="14%">
                    Comienza
                  </TableTh>
                  <TableTh scope="col" w="20%">
                    Cuándo
                  </TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {c.evaluaciones.map((e) => (
                  <TableTr key={e.evaluacionId} data-testid="evaluacion">
                    <TableTd>
                      <Text size="sm" fw={500}>
                        {e.materia ?? e.cursado}
                      </Text>
                      {e.materia && e.materia !== e.cursado && (
                        <Text size="xs" c="dimmed">
                          {e.cursado}
                        </Text>
                      )}
                    </TableTd>
                    <TableTd className={clases.fecha}>{fechaConDia(e.fecha)}</TableTd>
                    <TableTd className={clases.hora}>{e.inicio ?? '—'}</TableTd>
                    <TableTd
                      data-testid="cuenta"
                      fw={e.cuenta === 'Hoy' ? 700 : undefined}
                      className={clases.cuenta}
                    >
                      {e.cuenta}
                    </TableTd>
                  </TableTr>
                ))}
                {c.pics.map((p) => (
                  <TableTr key={`pic-${p.picId}`} data-testid="pic">
                    <TableTd>
                      <Text size="sm" fw={500}>
                        PIC de {p.materia}
                      </Text>
                      {p.aula && (
                        <Text size="xs" c="dimmed">
                          Aula {p.aula}
                        </Text>
                      )}
                    </TableTd>
                    <TableTd className={clases.fecha}>{fechaConDia(p.fecha)}</TableTd>
                    <TableTd className={clases.hora}>{p.inicio}</TableTd>
                    <TableTd
                      data-testid="cuenta"
                      fw={p.cuenta === 'Hoy' ? 700 : undefined}
                      className={clases.cuenta}
                    >
                      {p.cuenta}
                    </TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        </Paper>
      ))}
    </Stack>
  );
}
