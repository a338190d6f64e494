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
import { fechaLegible } from '@/domain/texto';
import {
  NOMBRE_CUATRIMESTRE,
  mostrarNota,
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

/** La PIC programada en /pics (materia, fecha y hora de la escuela, aula), si hay. */
export interface DatosHojaPic {
  materia: string;
  comienzo: { fecha: string; hora: string };
  aula: string | null;
}

interface Props {
  cuatrimestre: Cuatrimestre;
  cursado: { nombre: string; materias: string[]; ciclolectivo: number; docentes: string[] };
  /** La PIC de la materia en el cuatrimestre; null si todavía no se programó en /pics. */
  pic: DatosHojaPic | null;
  /** Los alumnos de la PIC (los de /pics: la regla y los ajustes a mano), con su curso. */
  alumnos: AlumnoPic[];
}

/** El título del documento al imprimir la planilla de PIC (nombre del PDF que se guarda). */
export function tituloPic(cursado: Props['cursado'], cuatrimestre: Cuatrimestre): string {
  return `Planilla de PIC - ${cursado.nombre} - ${NOMBRE_CUATRIMESTRE[cuatrimestre]} - ${cursado.ciclolectivo}`;
}

/**
 * La planilla de PIC que imprime Alumnado desde /notas-privileged (spec 02 §2; issue 16 §6): los
 * alumnos anotados en la PIC de la materia programada en /pics (los que no aprobaron el
 * cuatrimestre y los ajustes a mano, de todos los cursados de la materia), con su curso, su nota
 * del cuatrimestre, la fecha, la hora y el aula de la PIC, y columnas en blanco para la nota de
 * la PIC y la firma. Sólo se ve en papel (.solo-imprimir).
 */
export function HojaPic({ cuatrimestre, cursado, pic, alumnos }: Props) {
  const nombreC = NOMBRE_CUATRIMESTRE[cuatrimestre];
  const filas = alumnos;
  const materia = pic?.materia ?? cursado.materias[0] ?? cursado.nombre;
  return (
    <Box className="solo-imprimir" display="none" data-testid="hoja-pic">
      <Title order={2} size="h3">
        PIC de {materia}
      </Title>
      <Text size="sm">
        {cursado.nombre} · {nombreC} · Ciclo lectivo {cursado.ciclolectivo}
      </Text>
      {pic ? (
        <Text size="sm" data-testid="hoja-pic-comienzo">
          {fechaLegible(pic.comienzo.fecha)}, {pic.comienzo.hora} h
          {pic.aula ? ` · Aula ${pic.aula}` : ''}
        </Text>
      ) : (
        <Text size="sm">La PIC del {nombreC} todavía no está programada en /pics.</Text>
      )}
      {cursado.docentes.length > 0 && (
        <Text size="sm">Docentes: {cursado.docentes.join('; ')}</Text>
      )}
      {filas.length === 0 ? (
        <Text mt="md">Ningún alumno está anotado en la PIC del {nombreC}.</Text>
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
