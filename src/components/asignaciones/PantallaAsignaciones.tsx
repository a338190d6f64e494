'use client';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { confirmarDescarte } from './EditorAsignaciones';
import { PanelListaBuscable, type FuenteLista } from '@/components/listas/ListaBuscable';
import { ListaYDetalle, useIrAlDetalle } from '@/components/listas/ListaYDetalle';
import { useAvisoAlSalir } from '@/components/ui/useAvisoAlSalir';
import { Cargando } from '@/components/vistas/Cargando';
import type { Opcion } from '@/domain/opciones';

/** Alto de la lista de elección en el teléfono (queda arriba del detalle). */
const ALTO_LISTA_TELEFONO = 260;

/**
 * El armado de las pantallas de asignación (spec 02 §2: /coordinadores, /docentes,
 * /preceptores, /alumnos-cursados, /horarios): el título, la lista buscable de la que se elige
 * (`fuente`) y el detalle de lo elegido en su panel (`testId`). Lleva la cuenta de los cambios
 * sin guardar que informa el detalle (`onCambios`): con cambios, elegir otro pregunta antes de
 * descartarlos y salir de la página hace preguntar al navegador. En el teléfono, elegir lleva la
 * vista al detalle. Sin elección muestra `sinEleccion` ("Seleccione un coordinador").
 */
export function PantallaAsignaciones({
  titulo,
  testId,
  fuente,
  etiqueta,
  altoLista = 420,
  claveLista,
  sinEleccion,
  cabecera,
  children,
}: {
  /** El título de la página: "Coordinadores". */
  titulo: string;
  /** El data-testid del panel del detalle. */
  testId: string;
  fuente: FuenteLista;
  /** El título de la lista de elección: "Coordinadores". */
  etiqueta: string;
  /** Alto de la lista en el escritorio. */
  altoLista?: number;
  /** Si cambia (el ciclo, el modo), la lista se vuelve a pedir desde el principio. */
  claveLista?: string | number;
  /** Lo que muestra el detalle sin elección: un texto va atenuado. */
  sinEleccion: ReactNode;
  /**
   * Lo que va entre el título y la lista (el modo de /docentes). `reiniciar(hacer)` pregunta si
   * hay cambios sin guardar, deja la elección vacía y hace `hacer`.
   */
  cabecera?: (reiniciar: (hacer: () => void) => void) => ReactNode;
  /** El detalle de lo elegido; informa la cantidad de cambios pendientes con `onCambios`. */
  children: (elegido: Opcion, onCambios: (n: number) => void) => ReactNode;
}) {
  const [elegido, setElegido] = useState<Opcion | null>(null);
  const [cambios, setCambios] = useState(0);
  const telefono = useMediaQuery('(max-width: 62em)');
  const [detalleRef, irAlDetalle] = useIrAlDetalle<HTMLDivElement>(telefono);
  useAvisoAlSalir(cambios > 0);

  /** Con cambios sin guardar, hace `hacer` sólo si se acepta descartarlos. */
  const siPuede = async (hacer: () => void) => {
    if (cambios > 0 && !(await confirmarDescarte(cambios))) return;
    setCambios(0);
    hacer();
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {titulo}
      </Title>
      {cabecera?.(
        (hacer) =>
          void siPuede(() => {
            setElegido(null);
            hacer();
          }),
      )}
      <ListaYDetalle
        detalleRef={detalleRef}
        testId={testId}
        lista={
          <PanelListaBuscable
            key={claveLista}
            fuente={fuente}
            etiqueta={etiqueta}
            seleccionado={elegido?.id ?? null}
            alto={telefono ? ALTO_LISTA_TELEFONO : altoLista}
            onElegir={(o) => {
              if (o.id === elegido?.id) return;
              void siPuede(() => {
                setElegido(o);
                irAlDetalle();
              });
            }}
          />
        }
      >
        {elegido != null ? (
          children(elegido, setCambios)
        ) : typeof sinEleccion === 'string' ? (
          <Text c="dimmed">{sinEleccion}</Text>
        ) : (
          sinEleccion
        )}
      </ListaYDetalle>
    </Stack>
  );
}

/** Lo que el detalle usa de su consulta (`useQuery`). */
export interface ConsultaDetalle<T> {
  data?: T;
  error: { message: string } | null;
  isPending: boolean;
  isError: boolean;
}

/**
 * El detalle de lo elegido en una pantalla de asignación: su título y, cuando llegan los datos,
 * `children(datos)`; mientras tanto el esqueleto, y si la consulta falla, el error.
 */
export function DetalleAsignacion<T>({
  titulo,
  consulta,
  children,
}: {
  titulo: string;
  consulta: ConsultaDetalle<T>;
  children: (datos: T) => ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {titulo}
      </Title>
      {consulta.isPending ? (
        <Cargando filas={3} />
      ) : consulta.isError ? (
        <Alert color="red" role="alert">
          {consulta.error?.message}
        </Alert>
      ) : (
        children(consulta.data as T)
      )}
    </Stack>
  );
}
