'use client';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import Link from 'next/link';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { api } from '@/trpc/react';
import { mensajeDe } from './tipos';

/** Un instante como lo lee la persona: 28/11/2026. */
const dia = (iso: string) => new Date(iso).toLocaleDateString('es-AR');

/**
 * El código de vinculación del alumno en su ficha de /alumnos (issue 31 §1): el código agrupado,
 * "Regenerar código" (con confirmación: el anterior deja de valer en el acto), el estado de
 * bloqueo con "Desbloquear" y el enlace a los papelitos del curso para imprimir. El alcance (un
 * preceptor, sus cursos) lo pone el servidor.
 */
export function CodigoVinculacion({ alumno }: { alumno: number }) {
  const utils = api.useUtils();
  // El curso del ciclo (la misma consulta que el formulario: ya está en la caché).
  const curso = api.alumnos.obtener.useQuery({ id: alumno }).data?.curso?.orden ?? null;
  const consulta = api.alumnos.codigo.useQuery({ id: alumno });
  const regenerar = api.alumnos.regenerarCodigo.useMutation();
  const desbloquear = api.alumnos.desbloquearCodigo.useMutation();

  const listo = (c: NonNullable<typeof consulta.data>, mensaje: string) => {
    utils.alumnos.codigo.setData({ id: alumno }, c);
    void utils.alumnos.codigosBloqueados.invalidate();
    avisar({ color: 'green', message: mensaje });
  };
  const alRegenerar = async () => {
    const si = await confirmar({
      titulo: '¿Regenerar el código de vinculación?',
      mensaje:
        'El código actual deja de valer en el acto: la familia que todavía no lo usó necesitará el nuevo. Los vínculos ya confirmados no cambian.',
      confirmar: 'Regenerar',
      peligro: true,
    });
    if (!si) return;
    try {
      listo(await regenerar.mutateAsync({ id: alumno }), 'Código regenerado.');
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo regenerar el código', message: mensajeDe(e) });
    }
  };
  const alDesbloquear = async () => {
    try {
      listo(await desbloquear.mutateAsync({ id: alumno }), 'Código desbloqueado.');
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo desbloquear el código', message: mensajeDe(e) });
    }
  };

  const c = consulta.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="titulo-codigo">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="titulo-codigo">
            Código de vinculación
          </Title>
          {curso != null && (
            <Anchor component={Link} href={`/alumnos/codigos/${curso}`} size="sm">
              <Group gap={4} wrap="nowrap">
                <IconPrinter size={16} aria-hidden />
                Imprimir los códigos del curso
              </Group>
            </Anchor>
          )}
        </Group>
        {consulta.error ? (
          <Alert color="red">{mensajeDe(consulta.error)}</Alert>
        ) : !c ? (
          <Skeleton height={60} />
        ) : (
          <>
            <Group gap="sm" align="center">
              <Text
                ff="monospace"
                fz={24}
                fw={700}
                style={{ letterSpacing: '0.12em' }}
                data-testid="codigo-vinculacion"
              >
                {c.codigo}
              </Text>
              {c.bloqueado && <Badge color="red.9">Bloqueado</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              La familia lo ingresa en Inscripción para confirmar su vínculo con el alumno. Creado
              el {dia(c.creado)}.
            </Text>
            {c.bloqueado && (
              <Alert color="red" title="Código bloqueado">
                Se probaron demasiados códigos equivocados para este alumno (el {dia(c.bloqueado)}).
                Ninguna familia puede usarlo hasta que lo desbloquee o lo regenere.
              </Alert>
            )}
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                loading={regenerar.isPending}
                onClick={() => void alRegenerar()}
              >
                Regenerar código
              </Button>
              {c.bloqueado && (
                <Button
                  size="xs"
                  color="red.9"
                  loading={desbloquear.isPending}
                  onClick={() => void alDesbloquear()}
                >
                  Desbloquear
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * El aviso de la lista de /alumnos: los alumnos del alcance (un preceptor, los de sus cursos) con
 * el código de vinculación bloqueado; tocar uno lo abre.
 */
export function CodigosBloqueados({ onElegir }: { onElegir: (orden: number) => void }) {
  const { data } = api.alumnos.codigosBloqueados.useQuery();
  if (!data?.length) return null;
  return (
    <Alert
      color="red"
      title="Códigos de vinculación bloqueados"
      mb="sm"
      data-testid="codigos-bloqueados"
    >
      <Stack gap={2}>
        {data.map((a) => (
          <Anchor
            key={a.orden}
            component="button"
            type="button"
            size="sm"
            onClick={() => onElegir(a.orden)}
          >
            {a.apellido}, {a.nombre}
            {a.curso ? ` (${a.curso.nombre})` : ''}
          </Anchor>
        ))}
      </Stack>
    </Alert>
  );
}
