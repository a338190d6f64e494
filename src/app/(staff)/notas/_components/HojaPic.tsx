import {
  Box,
  Group,
  Table,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import {
  NOMBRE_CUATRIMESTRE,
  mostrarNota,
  rindePic,
  type Cuatrimestre,
  type ValorNota,
} from '@/domain/notas';

export interface AlumnoPic {
  id: number;
  apellido: string;
  nombre: string;
  curso: string;
  nota: ValorNota | null;
}

interface Props {
  cuatrimestre: Cuatrimestre;
  modalidad: number;
  cursado: { nombre: string; materias: string[]; ciclolectivo: number; docentes: string[] };
  alumnos: AlumnoPic[];
}

/** El título del documento al imprimir la planilla de PIC (nombre del PDF que se guarda). */
export function tituloPic(cursado: Props['cursado'], cuatrimestre: Cuatrimestre): string {
  return `Planilla de PIC - ${cursado.nombre} - ${NOMBRE_CUATRIMESTRE[cuatrimestre]} - ${cursado.ciclolectivo}`;
}

/**
 * La planilla de PIC que imprime Alumnado desde /notas-privileged (spec 02 §2): los alumnos del
 * cursado que no aprobaron el cuatrimestre (`rindePic`), con la nota guardada y columnas en
 * blanco para la nota de la PIC y la firma. Sólo se ve en papel (.solo-imprimir).
 */
export function HojaPic({ cuatrimestre, modalidad, cursado, alumnos }: Props) {
  const nombreC = NOMBRE_CUATRIMESTRE[cuatrimestre];
  const filas = alumnos.filter((a) => rindePic(modalidad, cuatrimestre, a.nota));
  const materia = cursado.materias[0] ?? cursado.nombre;
  return (
    <Box className="solo-imprimir" display="none" data-testid="hoja-pic">
      <Title order={2} size="h3">
        PIC de {materia}
      </Title>
      <Text size="sm">
        {cursado.nombre} · {nombreC} · Ciclo lectivo {cursado.ciclolectivo}
      </Text>
      {cursado.docentes.length > 0 && (
        <Text size="sm">Docentes: {cursado.docentes.join('; ')}</Text>
      )}
      {filas.length === 0 ? (
        <Text mt="md">Ningún alumno tiene que rendir la PIC del {nombreC}.</Text>
      ) : (
        <Table withTableBorder withColumnBorders mt="md" aria-label={`PIC de ${materia}`}>
          <TableThead>
            <TableTr>
              <TableTh w={36}>N°</TableTh>
              <TableTh>Alumno</TableTh>
              <TableTh>Curso</TableTh>
              <TableTh ta="center">Nota del {nombreC}</TableTh>
              <TableTh ta="center" w={110}>
                Nota de la PIC
              </TableTh>
              <TableTh w={160}>Firma del alumno</TableTh>
            </TableTr>
          </TableThead>
          <TableTbody>
            {filas.map((a, i) => (
              <TableTr key={a.id}>
                <TableTd>{i + 1}</TableTd>
                <TableTd>
                  {a.apellido}, {a.nombre}
                </TableTd>
                <TableTd>{a.curso}</TableTd>
                <TableTd ta="center">{mostrarNota(a.nota)}</TableTd>
                <TableTd />
                <TableTd />
              </TableTr>
            ))}
          </TableTbody>
        </Table>
      )}
      <Group mt={48} gap={48}>
        <Text>Firma del docente: ______________________________</Text>
        <Text>Alumnado: ______________________________</Text>
      </Group>
    </Box>
  );
}
