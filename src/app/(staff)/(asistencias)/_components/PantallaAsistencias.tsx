'use client';
import { Box, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { ModoFechas } from '@/domain/asistencias';
import type { Turno } from '@/domain/escuela';
import { EdicionAlumno } from './EdicionAlumno';
import { PlanillaCurso } from './PlanillaCurso';

type Vista = 'Por Curso' | 'Por Alumno';
const VISTAS: Vista[] = ['Por Curso', 'Por Alumno'];

/**
 * /asistencias (modo completo: "Por Curso" y "Por Alumno") y /asistencias-protected (modo
 * protegido: sólo "Por Curso", 15 días atrás) — spec 01 §2 Attendance y §5. `hoy` y el turno
 * por defecto los calcula el servidor en la zona horaria de la escuela (`zona`, para mostrar a
 * qué hora se tomó la asistencia).
 */
export function PantallaAsistencias({
  modo,
  hoy,
  turno,
  zona,
  usuario,
}: {
  modo: ModoFechas;
  hoy: string;
  turno: Turno;
  zona: string;
  /** El usuario de la sesión (autor de los cambios guardados sin conexión). */
  usuario: number;
}) {
  const [vista, setVista] = useState<Vista>('Por Curso');
  /** "Por Alumno" se monta la primera vez que se elige (no busca alumnos antes). */
  const [alumnoMontado, setAlumnoMontado] = useState(false);
  const porAlumno = modo === 'completo' && vista === 'Por Alumno';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Asistencias
      </Title>
      {modo === 'completo' && (
        <SegmentedControl
          aria-label="Modo"
          data={VISTAS}
          value={vista}
          onChange={(v) => {
            setVista(v as Vista);
            if (v === 'Por Alumno') setAlumnoMontado(true);
          }}
          w={{ base: '100%', xs: 320 }}
        />
      )}
      {/* Los dos modos quedan montados: cambiar de modo no pierde lo que se está editando. */}
      <Box hidden={porAlumno}>
        <PlanillaCurso modo={modo} hoy={hoy} turnoInicial={turno} zona={zona} usuario={usuario} />
      </Box>
      {modo === 'completo' && alumnoMontado && (
        <Box hidden={!porAlumno}>
          <EdicionAlumno hoy={hoy} turnoInicial={turno} />
        </Box>
      )}
    </Stack>
  );
}
