'use client';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { mensajeDeError } from '@/components/ui/errores';
import { PlanillaPic } from '@/components/pics/PlanillaPic';
import { NOMBRE_CUATRIMESTRE } from '@/domain/notas';
import { api } from '@/trpc/react';

/**
 * Las planillas de PIC de las materias del cursado (issue 16 §5), debajo de la planilla de notas
 * del docente: las PIC que programó Alumnado en /pics, cada una con sus alumnos para cargar la
 * nota (1 a 10 o ausente) y cerrar, con las fechas de PIC del calendario. Sin PIC, nada.
 */
export function PicsDelCursado({ cursado }: { cursado: number }) {
  const q = api.pics.deCursado.useQuery({ cursado });
  if (q.isPending || (q.data && q.data.pics.length === 0)) return null;
  if (q.error)
    return (
      <Alert color="red" role="alert" className="no-imprimir">
        {mensajeDeError(q.error)}
      </Alert>
    );
  return (
    <Stack gap="md" className="no-imprimir" data-testid="pics-del-cursado">
      <Title order={2} size="h4">
        PIC
      </Title>
      {q.data.pics.map(({ pic }) => (
        <Paper key={pic.id} withBorder p="md">
          <Text fw={600} mb="xs">
            PIC de {pic.materia.nombre} · {NOMBRE_CUATRIMESTRE[pic.cuatrimestre]}
          </Text>
          <PlanillaPic
            clave={{ anio: pic.anio, materia: pic.materia.id, cuatrimestre: pic.cuatrimestre }}
            imprimible={false}
          />
        </Paper>
      ))}
    </Stack>
  );
}
