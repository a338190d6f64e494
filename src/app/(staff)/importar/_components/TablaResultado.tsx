'use client';
import { Badge, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState, type CSSProperties } from 'react';
import { numero } from '@/domain/texto';
import {
  COLOR_ACCION,
  FILAS_POR_PAGINA,
  FILTROS,
  filtrarFilas,
  type Accion,
  type Filtro,
  type TipoEntidad,
} from './textos';
import type { Resultado } from './tipos';
import css from './importar.module.css';

const TIPO: Record<TipoEntidad, string> = {
  alumno: 'Alumno',
  tutor: 'Tutor',
  personal: 'Personal',
  curso: 'Curso',
  vinculo: 'Vínculo',
};

const TEXTO_ACCION: Record<Accion, string> = {
  crear: 'Crear',
  actualizar: 'Actualizar',
  'sin cambios': 'Sin cambios',
  omitir: 'Omitir',
};

/**
 * Un campo que cambia: "Teléfono: 351 555-0101 → 351 555-0202"; sin valor antes (un alta), sólo
 * el nuevo: "Apellido: Pérez" (como el informe); vaciado, "(vacío)".
 */
export function textoCambio(c: { campo: string; antes: string; despues: string }) {
  return c.antes
    ? `${c.campo}: ${c.antes} → ${c.despues || '(vacío)'}`
    : `${c.campo}: ${c.despues}`;
}

/** Las cuentas como insignias: crear, actualizar, sin cambios, omitir y errores. */
export function Cuentas({ cuentas }: { cuentas: Resultado['cuentas'] }) {
  const items: { clave: Accion | 'errores'; texto: string; n: number }[] = [
    { clave: 'crear', texto: 'Crear', n: cuentas.crear },
    { clave: 'actualizar', texto: 'Actualizar', n: cuentas.actualizar },
    { clave: 'sin cambios', texto: 'Sin cambios', n: cuentas.sinCambios },
    { clave: 'omitir', texto: 'Omitir', n: cuentas.omitir },
    { clave: 'errores', texto: 'Errores', n: cuentas.errores },
  ];
  return (
    <Group gap="xs" data-testid="cuentas" role="list" aria-label="Cuentas">
      {items.map((i) => (
        <Badge
          key={i.clave}
          role="listitem"
          color={COLOR_ACCION[i.clave]}
          variant={i.n ? 'filled' : 'outline'}
          tt="none"
          size="lg"
          data-cuenta={i.clave}
        >
          {i.texto}: {numero(i.n)}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * La tabla de todas las filas del archivo (la vista previa o lo aplicado): por fila, cada entidad
 * con su acción, los campos que cambian ("campo: antes → después"), el motivo y el aviso; los
 * errores de cada celda en rojo. Un filtro por acción y páginas de 50 filas (una planilla puede
 * tener miles).
 */
export function TablaResultado({ resultado }: { resultado: Resultado }) {
  const [filtro, setFiltro] = useState<Filtro>('todas');
  const [pagina, setPagina] = useState(0);
  const filas = useMemo(() => filtrarFilas(resultado.filas, filtro), [resultado, filtro]);
  const paginas = Math.max(1, Math.ceil(filas.length / FILAS_POR_PAGINA));
  const actual = Math.min(pagina, paginas - 1);
  const desde = actual * FILAS_POR_PAGINA;
  const visibles = filas.slice(desde, desde + FILAS_POR_PAGINA);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <NativeSelect
          label="Mostrar"
          data={FILTROS.map((f) => ({ value: f.valor, label: f.etiqueta }))}
          value={filtro}
          onChange={(e) => {
            setFiltro(e.currentTarget.value as Filtro);
            setPagina(0);
          }}
          w={220}
        />
        <Text size="sm" c="dimmed" data-testid="rango-filas" aria-live="polite">
          {filas.length === 0
            ? 'Ninguna fila'
            : `Filas ${numero(desde + 1)}–${numero(desde + visibles.length)} de ${numero(filas.length)}`}
        </Text>
      </Group>
      {filas.length === 0 ? (
        <Text c="dimmed" data-testid="sin-filas">
          Ninguna fila con esa acción.
        </Text>
      ) : (
        <div
          className={`${css.desplazar} ${css.alto}`}
          style={{ '--ancho-minimo': '640px' } as CSSProperties}
          tabIndex={0}
          role="region"
          aria-label="Filas del archivo"
        >
          <Table aria-label="Resultado por fila" data-testid="tabla-resultado" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={60}>
                  Fila
                </Table.Th>
                <Table.Th scope="col">Qué pasa</Table.Th>
                <Table.Th scope="col">Errores</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visibles.map((f) => (
                <Table.Tr
                  key={f.fila}
                  data-fila={f.fila}
                  data-errores={f.errores.length || undefined}
                >
                  <Table.Th scope="row" fw={600}>
                    {f.fila}
                  </Table.Th>
                  <Table.Td>
                    <ul className={css.lista}>
                      {f.entidades.map((e, k) => (
                        <li
                          key={k}
                          className={css.entidad}
                          data-testid="entidad"
                          data-tipo={e.tipo}
                          data-accion={e.accion}
                        >
                          <Group gap={6} wrap="wrap">
                            <Badge
                              color={COLOR_ACCION[e.accion]}
                              variant="outline"
                              tt="none"
                              data-testid="accion"
                            >
                              {TEXTO_ACCION[e.accion]}
                            </Badge>
                            <Text size="sm" data-testid="entidad-nombre">
                              <Text span fw={600}>
                                {TIPO[e.tipo]}:
                              </Text>{' '}
                              {e.etiqueta}
                            </Text>
                          </Group>
                          {e.cambios.length > 0 && (
                            <ul className={css.lista}>
                              {e.cambios.map((c, j) => (
                                <Text component="li" size="sm" key={j} data-testid="cambio">
                                  {textoCambio(c)}
                                </Text>
                              ))}
                            </ul>
                          )}
                          {e.motivo && (
                            <Text size="sm" c="dimmed" data-testid="motivo">
                              {e.motivo}
                            </Text>
                          )}
                          {e.aviso && (
                            <Text size="sm">
                              <Text span fw={700}>
                                Aviso:
                              </Text>{' '}
                              <span data-testid="aviso">{e.aviso}</span>
                            </Text>
                          )}
                        </li>
                      ))}
                    </ul>
                  </Table.Td>
                  <Table.Td>
                    {f.errores.length > 0 && (
                      <ul className={css.lista}>
                        {f.errores.map((e, j) => (
                          <Text
                            component="li"
                            size="sm"
                            c="red.8"
                            key={j}
                            data-testid="error-celda"
                            data-columna={e.columna}
                          >
                            {e.mensaje}
                          </Text>
                        ))}
                      </ul>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {paginas > 1 && (
        <Group gap="xs" justify="center" role="navigation" aria-label="Páginas de filas">
          <Button
            variant="default"
            size="xs"
            disabled={actual === 0}
            onClick={() => setPagina(actual - 1)}
          >
            Anterior
          </Button>
          <Text size="sm">
            Página {numero(actual + 1)} de {numero(paginas)}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={actual >= paginas - 1}
            onClick={() => setPagina(actual + 1)}
          >
            Siguiente
          </Button>
        </Group>
      )}
    </Stack>
  );
}
