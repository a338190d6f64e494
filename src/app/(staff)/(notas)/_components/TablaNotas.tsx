'use client';
import { Table, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from '@mantine/core';
import { condicionDeMateria, mostrarNota } from '@/domain/notas';
import { type EstadoPeriodoNotas } from '@/domain/periodos-notas';
import { CeldaEditable, NotaLeida } from './CeldasNotas';
import type { Planilla } from './tipos';
import type { EdicionNotas } from './useEdicionNotas';
import { DesplazarTabla } from '@/components/ui/DesplazarTabla';

interface Props {
  datos: Planilla;
  /** Los cuatrimestres que usa la modalidad: una columna cada uno. */
  aplicados: readonly EstadoPeriodoNotas[];
  /** La columna "Curso" (cursado de varios cursos, viendo todos). */
  conCurso: boolean;
  edicion: Pick<EdicionNotas, 'celdaDe' | 'editar' | 'version'>;
}

/**
 * La tabla de la planilla: por alumno, las notas de los cuatrimestres (editables en los que se
 * pueden cargar, con la celda cambiada resaltada), la nota final y la condición.
 */
export function TablaNotas({ datos, aplicados, conCurso, edicion }: Props) {
  const { celdaDe, editar, version } = edicion;
  if (datos.alumnos.length === 0)
    return <Text c="dimmed">No hay alumnos inscriptos en este cursado.</Text>;
  const { modalidad } = datos.cursado;
  return (
    <DesplazarTabla minWidth={aplicados.some((e) => e.puedeCargar) ? 560 : 420}>
      <Table
        striped
        withTableBorder
        verticalSpacing={4}
        miw={aplicados.some((e) => e.puedeCargar) ? 560 : 420}
        aria-label={`Notas de ${datos.cursado.nombre}`}
      >
        <TableThead>
          <TableTr>
            <TableTh w={36}>N°</TableTh>
            <TableTh>Alumno</TableTh>
            {conCurso && <TableTh>Curso</TableTh>}
            {aplicados.map((e) => (
              <TableTh key={e.cuatrimestre} ta="center">
                {e.nombre}
                {e.puedeCargar && (
                  <Text span display="block" size="xs" c="dimmed" fw={400}>
                    Nota · Ausente
                  </Text>
                )}
              </TableTh>
            ))}
            <TableTh ta="center">Nota final</TableTh>
            <TableTh>Condición</TableTh>
          </TableTr>
        </TableThead>
        <TableTbody key={version}>
          {datos.alumnos.map((a, i) => {
            const nombre = `${a.apellido}, ${a.nombre}`;
            const c1 = celdaDe(a.id, 1);
            const c2 = celdaDe(a.id, 2);
            // Una sola regla para la nota final y la condición (issue 32).
            const { final, condicion } = condicionDeMateria(modalidad, c1.valor, c2.valor);
            return (
              <TableTr key={a.id}>
                <TableTd c="dimmed">{i + 1}</TableTd>
                <TableTd style={{ whiteSpace: 'nowrap' }}>{nombre}</TableTd>
                {conCurso && <TableTd>{a.curso?.nombre ?? ''}</TableTd>}
                {aplicados.map((e) => {
                  const celda = e.cuatrimestre === 1 ? c1 : c2;
                  const modificada = celda.accion !== 'none';
                  return (
                    <TableTd
                      key={e.cuatrimestre}
                      ta="center"
                      bg={modificada ? 'yellow.1' : undefined}
                      title={modificada ? 'Modificada, sin guardar' : undefined}
                    >
                      {e.puedeCargar ? (
                        <CeldaEditable
                          fila={i}
                          cuatrimestre={e.cuatrimestre}
                          nombre={nombre}
                          nombreCuatrimestre={e.nombre}
                          celda={celda}
                          onCambiar={(v) => editar(a.id, e.cuatrimestre, v)}
                        />
                      ) : (
                        <NotaLeida valor={celda.valor} texto={mostrarNota(celda.valor)} />
                      )}
                    </TableTd>
                  );
                })}
                <TableTd ta="center">
                  <NotaLeida valor={final} texto={mostrarNota(final)} />
                </TableTd>
                <TableTd>{condicion ?? ''}</TableTd>
              </TableTr>
            );
          })}
        </TableTbody>
      </Table>
    </DesplazarTabla>
  );
}
