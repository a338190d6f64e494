'use client';
import { Alert, Badge, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { Exportar } from '@/components/ui/Exportar';
import { mensajeDeError } from '@/components/ui/errores';
import { mostrarNota } from '@/domain/notas';
import { sinAcentos } from '@/domain/texto';
import { api } from '@/trpc/react';
import type { ClavePic } from './PantallaPics';

/** Cuántos resultados muestra la búsqueda para agregar (spec 01 §9: a lo sumo 5). */
const RESULTADOS = 5;

/**
 * Los alumnos de la PIC (issue 16 §4): los que no aprobaron el cuatrimestre, con su nota, y los
 * agregados a mano; "Quitar" a cualquiera y "Agregar" a otro inscripto en la materia (búsqueda).
 * Cerrada, sólo lectura.
 */
export function AlumnosPic({ clave, cerrada }: { clave: ClavePic; cerrada: boolean }) {
  const utils = api.useUtils();
  const consulta = api.pics.alumnos.useQuery(clave);
  const ajustarM = api.pics.ajustar.useMutation();
  const [texto, setTexto] = useState('');

  const ajustar = async (alumno: number, accion: 'agregar' | 'quitar', nombre: string) => {
    try {
      await ajustarM.mutateAsync({ ...clave, alumno, accion });
      avisar({
        color: 'green',
        message: accion === 'agregar' ? `${nombre} quedó en la PIC.` : `${nombre} salió de la PIC.`,
      });
      await Promise.all([
        utils.pics.alumnos.invalidate(clave),
        utils.pics.planilla.invalidate(clave),
        utils.pics.delAnio.invalidate(),
      ]);
    } catch (e) {
      avisar({ color: 'red', title: 'No se guardó el cambio', message: mensajeDeError(e) });
    }
  };

  if (consulta.isPending) return <Loader size="sm" />;
  if (consulta.error)
    return (
      <Alert color="red" role="alert">
        {mensajeDeError(consulta.error)}
      </Alert>
    );
  const { alumnos, otros } = consulta.data;
  const q = sinAcentos(texto.trim().toLowerCase());
  const encontrados = q
    ? otros
        .filter((a) => sinAcentos(`${a.apellido} ${a.nombre} ${a.curso}`.toLowerCase()).includes(q))
        .slice(0, RESULTADOS)
    : [];
  return (
    <Stack gap="sm" data-testid="alumnos-pic">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h6">
          Alumnos de la PIC ({alumnos.length})
        </Title>
        <Exportar
          lista="pic-alumnos"
          parametros={{ ...clave }}
          deshabilitado={alumnos.length === 0}
        />
      </Group>
      {alumnos.length === 0 ? (
        <Text c="dimmed" size="sm">
          Sin resultados
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={4}
          aria-label="Alumnos de la PIC"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {alumnos.map((a) => {
            const nombre = `${a.apellido}, ${a.nombre}`;
            return (
              <Group
                component="li"
                key={a.alumnoId}
                justify="space-between"
                gap="xs"
                wrap="nowrap"
                data-testid="alumno-pic"
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm">{nombre}</Text>
                  <Text size="xs" c="dimmed">
                    {a.curso || 'Sin curso'} · Nota del cuatrimestre:{' '}
                    {a.notaCuatrimestre == null ? '-' : mostrarNota(a.notaCuatrimestre)}
                  </Text>
                </div>
                <Group gap={6} wrap="nowrap">
                  {a.origen === 'agregado' && (
                    <Badge size="sm" variant="light">
                      Agregado
                    </Badge>
                  )}
                  {!cerrada && (
                    <Button
                      size="compact-xs"
                      variant="default"
                      color="red"
                      aria-label={`Quitar a ${nombre}`}
                      loading={ajustarM.isPending && ajustarM.variables?.alumno === a.alumnoId}
                      onClick={() => void ajustar(a.alumnoId, 'quitar', nombre)}
                    >
                      Quitar
                    </Button>
                  )}
                </Group>
              </Group>
            );
          })}
        </Stack>
      )}
      {!cerrada && (
        <Stack gap={4}>
          <TextInput
            label="Agregar un alumno"
            description="Inscriptos en la materia que no están en la PIC"
            placeholder="Apellido o nombre"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={texto}
            onChange={(e) => setTexto(e.currentTarget.value)}
          />
          {q && encontrados.length === 0 && (
            <Text c="dimmed" size="sm">
              Sin resultados
            </Text>
          )}
          {encontrados.map((a) => {
            const nombre = `${a.apellido}, ${a.nombre}`;
            return (
              <Group key={a.alumnoId} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">
                  {nombre}{' '}
                  <Text span size="xs" c="dimmed">
                    {a.curso}
                  </Text>
                </Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  aria-label={`Agregar a ${nombre}`}
                  onClick={() => {
                    setTexto('');
                    void ajustar(a.alumnoId, 'agregar', nombre);
                  }}
                >
                  Agregar
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
