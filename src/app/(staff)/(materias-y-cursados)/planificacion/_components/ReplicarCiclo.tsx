'use client';
import {
  Alert,
  Badge,
  Box,
  Center,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { avisar } from '@/components/ui/avisos';
import { Dialogo } from '@/components/ui/Dialogo';
import { mensajeDeError } from '@/components/ui/errores';
import { api } from '@/trpc/react';
import { cantidad } from '@/domain/texto';
import { PieDialogo } from './Pies';

/**
 * "Replicar ciclo anterior" (issue 13): la vista previa de lo que se crea en `ciclo` desde el
 * anterior, lo que ya existe y lo que está en conflicto (con el motivo); "Replicar N cursados" lo
 * aplica. Repetirlo no crea nada: la vista previa muestra todo como existente. Con la casilla,
 * copia también los cursos de cada preceptor al ciclo nuevo (las asignaciones son de cada año).
 */
export function ReplicarCiclo({
  ciclo,
  abierto,
  onCerrar,
}: {
  ciclo: number;
  abierto: boolean;
  onCerrar: () => void;
}) {
  const utils = api.useUtils();
  const plan = api.cursados.planReplicacion.useQuery(
    { ciclo },
    { enabled: abierto, staleTime: 0, refetchOnWindowFocus: false },
  );
  const replicar = api.cursados.replicar.useMutation();
  const [conPreceptores, setConPreceptores] = useState(false);

  const cerrar = () => {
    if (!replicar.isPending) onCerrar();
  };

  const aplicar = async () => {
    if (replicar.isPending) return;
    try {
      const r = await replicar.mutateAsync({ ciclo, preceptores: conPreceptores });
      avisar({
        color: 'green',
        title: `Replicar ${r.desde} → ${r.ciclo}`,
        message: `${
          r.creados === 1 ? 'Se creó 1 cursado' : `Se crearon ${r.creados} cursados`
        } en ${r.ciclo}${
          conPreceptores
            ? `; ${cantidad(r.preceptores, 'asignación de preceptor copiada', 'asignaciones de preceptores copiadas')}`
            : ''
        }${
          r.conflictos.length
            ? `; ${cantidad(r.conflictos.length, 'conflicto queda', 'conflictos quedan')} para revisar a mano`
            : ''
        }.`,
      });
      await Promise.all([
        utils.cursados.listar.invalidate(),
        utils.cursados.horas.invalidate(),
        utils.cursados.planReplicacion.invalidate(),
        utils.materias.listar.invalidate(),
        utils.cursos.delPreceptor.invalidate(),
      ]);
      onCerrar();
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo replicar', message: mensajeDeError(e) });
    }
  };

  const d = plan.data;
  const n = d?.crear.length ?? 0;
  /** Sólo preceptores: los cursados ya están, pero faltan las asignaciones del año. */
  const soloPreceptores = n === 0 && conPreceptores && (d?.preceptores ?? 0) > 0;
  return (
    <Dialogo
      abierto={abierto}
      onCerrar={cerrar}
      titulo={`Replicar ${ciclo - 1} → ${ciclo}`}
      ancho="lg"
    >
      <Stack gap="sm">
        <Text size="sm">
          Copia los cursados de {ciclo - 1} a {ciclo}, con sus materias, cursos y los docentes que
          siguen habilitados. Lo que ya existe no se toca y lo que está en conflicto no se crea.
        </Text>
        {plan.isPending ? (
          <Center py="md">
            <Loader role="status" aria-label="Preparando la vista previa" />
          </Center>
        ) : plan.isError ? (
          <Alert color="red" role="alert">
            {mensajeDeError(plan.error)}
          </Alert>
        ) : (
          d && (
            <>
              <Group gap="xs" data-testid="cuentas-replicacion">
                <Badge color="green" variant="light" tt="none">
                  {`Se crearán: ${d.crear.length}`}
                </Badge>
                <Badge color="gray" variant="light" tt="none">
                  {`Ya existen: ${d.existentes.length}`}
                </Badge>
                <Badge color="orange" variant="light" tt="none">
                  {`En conflicto: ${d.conflictos.length}`}
                </Badge>
              </Group>
              {d.crear.length + d.existentes.length + d.conflictos.length === 0 && (
                <Text c="dimmed">Sin resultados: no hay cursados en {d.desde} para replicar.</Text>
              )}
              <Checkbox
                label={`Copiar también los cursos de cada preceptor (${cantidad(d.preceptores, 'asignación', 'asignaciones')} de ${d.desde} que faltan en ${d.ciclo})`}
                checked={conPreceptores}
                onChange={(e) => setConPreceptores(e.currentTarget.checked)}
                disabled={replicar.isPending}
              />
              <Seccion titulo={`Se crearán (${d.crear.length})`} testId="replicar-crear">
                {d.crear.map((c) => (
                  <Item key={c.origen} nombre={c.nombre}>
                    {cantidad(c.materias, 'materia', 'materias')} ·{' '}
                    {cantidad(c.cursos, 'curso', 'cursos')} ·{' '}
                    {cantidad(c.docentes, 'docente', 'docentes')}
                    {c.docentesOmitidos > 0 &&
                      ` · ${cantidad(c.docentesOmitidos, 'docente no habilitado queda', 'docentes no habilitados quedan')} afuera`}
                  </Item>
                ))}
              </Seccion>
              <Seccion titulo={`Ya existen (${d.existentes.length})`} testId="replicar-existentes">
                {d.existentes.map((c) => (
                  <Item key={c.origen} nombre={c.nombre} />
                ))}
              </Seccion>
              <Seccion
                titulo={`En conflicto (${d.conflictos.length})`}
                testId="replicar-conflictos"
              >
                {d.conflictos.map((c) => (
                  <Item key={c.origen} nombre={c.nombre} rojo>
                    {c.motivo}
                  </Item>
                ))}
              </Seccion>
            </>
          )
        )}
        <PieDialogo
          onCancelar={cerrar}
          onAplicar={() => void aplicar()}
          aplicando={replicar.isPending}
          deshabilitado={!d || (n === 0 && !soloPreceptores) || plan.isFetching}
        >
          {soloPreceptores
            ? 'Copiar los preceptores'
            : n === 1
              ? 'Replicar 1 cursado'
              : `Replicar ${n} cursados`}
        </PieDialogo>
      </Stack>
    </Dialogo>
  );
}

function Seccion({
  titulo,
  testId,
  children,
}: {
  titulo: string;
  testId: string;
  children: ReactNode[];
}) {
  if (children.length === 0) return null;
  return (
    <Box component="section" data-testid={testId}>
      <Title order={3} size="h5" mb={4}>
        {titulo}
      </Title>
      {/* Una lista larga se desplaza en su caja; con el teclado, también (tabIndex). */}
      <Box
        component="ul"
        m={0}
        pl="md"
        mah={220}
        style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}
        tabIndex={0}
        aria-label={titulo}
      >
        {children}
      </Box>
    </Box>
  );
}

function Item({
  nombre,
  rojo = false,
  children,
}: {
  nombre: string;
  rojo?: boolean;
  children?: ReactNode;
}) {
  return (
    <li>
      <Text size="sm" fw={500}>
        {nombre}
      </Text>
      {children && (
        <Text size="xs" c={rojo ? 'red.8' : 'dimmed'}>
          {children}
        </Text>
      )}
    </li>
  );
}
