'use client';
import { Button, Stack } from '@mantine/core';
import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import {
  asignacionesIniciales,
  cambiosAsignaciones,
  cantidadCambios,
  idsFinales,
  reducirAsignaciones,
  type ItemAsignacion,
} from '@/domain/asignaciones';
import { avisar } from '@/components/ui/avisos';
import { BarraGuardar, textoCambios } from '@/components/ui/BarraGuardar';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from '@/components/ui/errores';
import { ListaAsignaciones } from './ListaAsignaciones';
import { AgregarDesdeLista } from '@/components/listas/AgregarDesdeLista';
import type { FuenteLista } from '@/components/listas/ListaBuscable';

export interface DatoAsignacion {
  etiqueta: string;
  detalle?: ReactNode;
}

export interface Guardado {
  id: number;
  dato: DatoAsignacion;
}

/** Pregunta antes de perder cambios sin guardar (cambiar de persona, de modo o descartar). */
export function confirmarDescarte(cambios: number): Promise<boolean> {
  return confirmar({
    titulo: '¿Descartar los cambios sin guardar?',
    mensaje: `${textoCambios(cambios)}. Si continúa, se pierden.`,
    confirmar: 'Descartar',
    peligro: true,
  });
}

/**
 * Editor de una lista de asignaciones (spec 01 §4, spec 02 §2 /docentes, /coordinadores): lo
 * guardado "sin cambios", lo que se agrega desde una lista buscable "agregado" y lo que se quita
 * "quitado", hasta "Guardar". `onGuardar` recibe los ids agregados, quitados y los que quedan;
 * si lanza, el error se muestra y la lista no se pierde. `onCambios` informa la cantidad de
 * cambios pendientes (para preguntar antes de cambiar de elección).
 */
export function EditorAsignaciones({
  titulo,
  guardados,
  vacia,
  fuente,
  etiquetaFuente,
  textoAgregar,
  onGuardar,
  onCambios,
}: {
  titulo: string;
  guardados: readonly Guardado[];
  /** El estado vacío en rojo: "Sin docentes asignados". */
  vacia: string;
  fuente: FuenteLista;
  /** Nombre accesible de la lista para agregar: "Cursados para agregar". */
  etiquetaFuente: string;
  /** Texto del botón que abre la lista para agregar: "Agregar cursado". */
  textoAgregar: string;
  onGuardar: (c: { agregar: number[]; quitar: number[]; finales: number[] }) => Promise<void>;
  onCambios?: (n: number) => void;
}) {
  const [lista, despachar] = useReducer(
    reducirAsignaciones<DatoAsignacion>,
    guardados,
    asignacionesIniciales<DatoAsignacion>,
  );
  // Cuando lo guardado cambia de verdad (después de Guardar) la lista vuelve a "sin cambios"; un
  // arreglo nuevo con el mismo contenido (cada render del padre) no toca los cambios pendientes.
  const clave = JSON.stringify(guardados.map((g) => [g.id, g.dato.etiqueta]));
  const cargada = useRef(clave);
  useEffect(() => {
    if (cargada.current === clave) return;
    cargada.current = clave;
    despachar({ accion: 'cargar', guardados });
  }, [clave, guardados]);

  const [agregando, setAgregando] = useState(false);
  const [guardando, setGuardando] = useState(false);
  const n = cantidadCambios(lista);
  useEffect(() => onCambios?.(n), [n, onCambios]);

  const guardar = async () => {
    if (guardando || n === 0) return;
    setGuardando(true);
    try {
      await onGuardar({ ...cambiosAsignaciones(lista), finales: idsFinales(lista) });
      avisar({ color: 'green', message: 'Datos guardados correctamente' });
      setAgregando(false);
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo guardar', message: mensajeDeError(e) });
    } finally {
      setGuardando(false);
    }
  };

  const descartar = async () => {
    if (!(await confirmarDescarte(n))) return;
    despachar({ accion: 'cargar', guardados });
  };

  const elementos = lista.map((i: ItemAsignacion<DatoAsignacion>) => ({
    id: i.id,
    etiqueta: i.dato.etiqueta,
    detalle: i.dato.detalle,
    estado: i.estado,
  }));

  return (
    <Stack gap="sm">
      <ListaAsignaciones
        titulo={titulo}
        elementos={elementos}
        vacia={vacia}
        deshabilitada={guardando}
        onAlternar={(id) => despachar({ accion: 'alternar', id })}
      />
      <AgregarDesdeLista
        abierta={agregando}
        onAbierta={setAgregando}
        texto={textoAgregar}
        deshabilitado={guardando}
        fuente={fuente}
        etiqueta={etiquetaFuente}
        onElegir={(o) => {
          if (guardando) return;
          const presente = lista.find((i) => i.id === o.id);
          if (presente && presente.estado !== 'quitado') {
            avisar({ color: 'yellow', message: `${o.etiqueta} ya está en la lista.` });
            return;
          }
          despachar({
            accion: 'agregar',
            id: o.id,
            dato: { etiqueta: o.etiqueta, detalle: o.detalle },
          });
        }}
      />
      <BarraGuardar cambios={n} guardando={guardando} onGuardar={() => void guardar()}>
        {n > 0 && (
          <Button variant="default" onClick={() => void descartar()} disabled={guardando}>
            Descartar
          </Button>
        )}
      </BarraGuardar>
    </Stack>
  );
}
