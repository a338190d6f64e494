'use client';
import { NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Mesa } from './comun';
import { ActaMateria } from './ActaMateria';

/**
 * Los alumnos de la mesa, una materia a la vez: el acta (cargar, guardar, cerrar, imprimir) y,
 * para Alumnado y Admin, los alumnos que adeudan la materia para anotarlos.
 */
export function PestanaAlumnos({ mesa }: { mesa: Mesa }) {
  const [materia, setMateria] = useState<number | null>(mesa.materias[0]?.id ?? null);
  if (!mesa.materias.length)
    return (
      <Text c="red.8">Sin materias asignadas: la mesa todavía no evalúa ninguna materia.</Text>
    );
  const elegida = mesa.materias.find((m) => m.id === materia) ?? mesa.materias[0]!;
  return (
    <Stack gap="md">
      {mesa.materias.length > 1 && (
        <NativeSelect
          className="no-imprimir"
          label="Materia"
          maw={420}
          value={String(elegida.id)}
          onChange={(e) => setMateria(Number(e.currentTarget.value))}
          data={mesa.materias.map((m) => ({
            value: String(m.id),
            label: `${m.nombre}${m.cerrada ? ' (acta cerrada)' : ''}`,
          }))}
        />
      )}
      <ActaMateria key={elegida.id} mesa={mesa} materia={elegida.id} />
    </Stack>
  );
}
