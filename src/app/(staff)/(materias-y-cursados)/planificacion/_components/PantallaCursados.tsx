'use client';
import { Alert, Box, Button, Grid, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconCopy, IconPlus, IconUsersPlus } from '@tabler/icons-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { avisar } from '@/components/ui/avisos';
import { confirmar } from '@/components/ui/confirmar';
import { useEstadoCompartido } from '@/components/marco/EstadoCompartido';
import { mensajeDeError } from '@/components/ui/errores';
import { ListaPaginada, PAGINAS, useBusqueda } from '@/components/listas/ListaPaginada';
import { PAGINA_CURSADOS } from '@/domain/planificacion';
import { Exportar } from '@/components/ui/Exportar';
import { api } from '@/trpc/react';
import { cantidad } from '@/domain/texto';
import type { Salidas } from './comun';
import { AccionesFila, BotonExportar, useBorrarFila } from './AccionesFila';
import { HorasPorCurso } from './HorasPorCurso';
import { ReplicarCiclo } from './ReplicarCiclo';
import { etiquetaCiclo } from './ruta';
import estilos from './planificacion.module.css';

type Cursado = Salidas['cursados']['listar']['items'][number];

/**
 * /planificacion/cursados (spec 02 §2, §3 Cursado, §9; issue 13): la oferta del ciclo que se
 * planifica (el elegido en la barra, o el próximo), con búsqueda, páginas de 20, alta, edición,
 * borrado, las horas semanales por curso, "Replicar ciclo anterior" y la autoinscripción.
 */
export function PantallaCursados({
  cicloPedido,
  anioActual,
  aviso,
}: {
  /** El ciclo de `?ciclo=`, si es planificable. */
  cicloPedido: number | null;
  anioActual: number;
  aviso: string | null;
}) {
  const router = useRouter();
  const { ciclo: compartido } = useEstadoCompartido();
  const ciclo = cicloPedido ?? compartido;
  const ciclos = [...new Set([compartido, ciclo, anioActual + 1])].sort((a, b) => b - a);

  const busqueda = useBusqueda();
  const [replicando, setReplicando] = useState(false);
  const utils = api.useUtils();
  const lista = api.cursados.listar.useInfiniteQuery(
    { ciclo, q: busqueda.q, limit: PAGINA_CURSADOS },
    PAGINAS,
  );
  const borrar = api.cursados.borrar.useMutation();
  const { borrando, alBorrar } = useBorrarFila<Cursado>({
    id: (c) => c.cursadoId,
    titulo: (c) => `¿Borrar el cursado ${c.nombre}?`,
    mensaje: (c) =>
      `Se borra del ciclo ${c.ciclolectivo} con sus materias, cursos y docentes asignados. No se puede deshacer.`,
    borrar: (c) => borrar.mutateAsync({ id: c.cursadoId }),
    borrada: (c) => `Cursado ${c.nombre} borrado.`,
    actualizar: () =>
      Promise.all([utils.cursados.listar.invalidate(), utils.cursados.horas.invalidate()]),
    error: 'No se pudo borrar el cursado',
  });
  const autoinscribir = api.cursados.autoinscribir.useMutation();

  const elegirCiclo = (c: number) =>
    router.replace(`/planificacion/cursados?ciclo=${c}`, { scroll: false });

  const alAutoinscribir = async () => {
    const ok = await confirmar({
      titulo: `¿Autoinscribir alumnos en ${ciclo}?`,
      mensaje: `Cada alumno con curso en ${ciclo} que todavía no tiene inscripciones en ese ciclo queda inscripto en los cursados de su curso, con la primera materia permitida. Repetirlo no duplica nada.`,
      confirmar: 'Autoinscribir',
    });
    if (!ok) return;
    try {
      const r = await autoinscribir.mutateAsync({ ciclo });
      avisar({
        color: 'green',
        title: `Autoinscripción ${r.ciclo}`,
        message: `${
          r.inscripciones === 1
            ? 'Se creó 1 inscripción'
            : `Se crearon ${r.inscripciones} inscripciones`
        } (${cantidad(r.alumnos, 'alumno', 'alumnos')} con curso en ${r.ciclo}).`,
      });
      await utils.cursados.listar.invalidate();
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo autoinscribir', message: mensajeDeError(e) });
    }
  };

  return (
    <Stack gap="md">
      {aviso && (
        <Alert color="red" role="alert">
          {aviso}
        </Alert>
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Ciclo a planificar"
          w={170}
          data={ciclos.map((c) => ({ value: String(c), label: etiquetaCiclo(c, anioActual) }))}
          value={String(ciclo)}
          onChange={(e) => elegirCiclo(Number(e.currentTarget.value))}
        />
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            href={`/planificacion/cursados/nuevo?ciclo=${ciclo}`}
            leftSection={<IconPlus size={16} />}
          >
            Nuevo cursado
          </Button>
          <Button
            variant="light"
            leftSection={<IconCopy size={16} />}
            onClick={() => setReplicando(true)}
          >
            Replicar ciclo anterior
          </Button>
          <Button
            variant="light"
            leftSection={<IconUsersPlus size={16} />}
            loading={autoinscribir.isPending}
            onClick={() => void alAutoinscribir()}
          >
            Autoinscribir alumnos
          </Button>
          <BotonExportar
            variant="subtle"
            obtener={() => utils.cursados.csv.fetch({ ciclo }, { staleTime: 0 })}
          />
          <Exportar lista="cursados" parametros={{ ciclo, q: busqueda.q }} variant="subtle" />
        </Group>
      </Group>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ListaPaginada
            busqueda={busqueda}
            consulta={lista}
            etiquetaBusqueda="Buscar cursados"
            placeholder="Buscar por nombre, materia o docente…"
            nombre={{ singular: 'cursado', plural: 'cursados' }}
            etiquetaLista={`Cursados ${ciclo}`}
            esqueleto={{ filas: 5, alto: 92 }}
            sinResultados={
              !busqueda.q && (
                <Text size="sm" c="dimmed" mt={4}>
                  No hay cursados en {ciclo}. Puede crearlos o replicar los de {ciclo - 1}.
                </Text>
              )
            }
          >
            {(c) => (
              <FilaCursado
                key={c.cursadoId}
                cursado={c}
                borrando={borrando}
                onBorrar={() => void alBorrar(c)}
              />
            )}
          </ListaPaginada>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <HorasPorCurso ciclo={ciclo} />
        </Grid.Col>
      </Grid>

      <ReplicarCiclo ciclo={ciclo} abierto={replicando} onCerrar={() => setReplicando(false)} />
    </Stack>
  );
}

function Asignados({
  titulo,
  nombres,
  vacio,
}: {
  titulo: string;
  nombres: string[];
  vacio: string;
}) {
  return (
    <Text size="sm" c={nombres.length ? undefined : 'red.8'}>
      <Text span size="sm" c="dimmed">
        {titulo}:{' '}
      </Text>
      {nombres.length ? nombres.join(', ') : vacio}
    </Text>
  );
}

function FilaCursado({
  cursado: c,
  borrando,
  onBorrar,
}: {
  cursado: Cursado;
  borrando: number | null;
  onBorrar: () => void;
}) {
  return (
    <Box component="li" aria-label={c.nombre} className={estilos.fila} px="md" py="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{c.nombre}</Text>
          <Text size="sm" c="dimmed">
            {c.modalidadNombre} · {cantidad(c.horas, 'hora', 'horas')} semanales ·{' '}
            {cantidad(c._count.inscripciones, 'inscripto', 'inscriptos')}
          </Text>
          <Asignados
            titulo="Materias"
            nombres={c.materiasPermitidas.map((m) => `${m.nombre} (${m.materiaCode})`)}
            vacio="Sin materias asignadas"
          />
          <Asignados
            titulo="Cursos"
            nombres={c.cursosPermitidos.map((x) => x.nombre)}
            vacio="Sin cursos asignados"
          />
          <Asignados
            titulo="Docentes"
            nombres={c.docentes.map((d) => `${d.apellido}, ${d.nombre}`)}
            vacio="Sin docentes asignados"
          />
        </Stack>
        <AccionesFila
          id={c.cursadoId}
          nombre={c.nombre}
          editar={`/planificacion/cursados/editar/${c.cursadoId}`}
          borrando={borrando}
          onBorrar={onBorrar}
        />
      </Group>
    </Box>
  );
}
