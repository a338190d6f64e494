'use client';
import { avisar } from '@/components/ui/avisos';
import { useMemo, useState } from 'react';
import {
  cambiosPlanilla,
  celdaNota,
  editarCelda,
  type CeldaNota,
  type Cuatrimestre,
  type ValorNota,
} from '@/domain/notas';
import { mensajeDeError } from '@/components/ui/errores';
import { useAvisoAlSalir } from '@/components/ui/useAvisoAlSalir';
import { api } from '@/trpc/react';
import type { Planilla } from './tipos';

const clave = (alumno: number, c: Cuatrimestre) => `${alumno}:${c}`;

/**
 * Lo editado en la planilla de un cursado (spec 02 §4): las celdas cambiadas, cada una con el
 * valor que mostraba (`anterior`, para que el servidor detecte si otro la cambió), guardarlas y
 * el conflicto que responde el servidor (409) con la forma de recargar. Mientras haya cambios sin
 * guardar, salir de la página pregunta.
 */
export function useEdicionNotas(cursado: number, datos: Planilla | undefined) {
  const utils = api.useUtils();
  const guardar = api.notas.guardar.useMutation();
  const [editadas, setEditadas] = useState<ReadonlyMap<string, CeldaNota>>(new Map());
  const [conflicto, setConflicto] = useState<string | null>(null);
  /** Cambia al guardar o recargar: vuelve a montar las filas y descarta lo que se estaba tipeando. */
  const [version, setVersion] = useState(0);

  const servidor = useMemo(() => {
    const m = new Map<string, ValorNota | null>();
    for (const a of datos?.alumnos ?? []) {
      m.set(clave(a.id, 1), a.notas[1]);
      m.set(clave(a.id, 2), a.notas[2]);
    }
    return m;
  }, [datos]);
  const celdaDe = (alumno: number, c: Cuatrimestre): CeldaNota =>
    editadas.get(clave(alumno, c)) ?? celdaNota(servidor.get(clave(alumno, c)));
  const cambios = useMemo(
    () =>
      cambiosPlanilla(
        [...editadas.entries()].map(([k, celda]) => {
          const [alumnoId, c] = k.split(':').map(Number);
          return { ...celda, alumnoId: alumnoId!, cuatrimestre: c as Cuatrimestre };
        }),
      ).map((cambio) => ({
        ...cambio,
        anterior: editadas.get(clave(cambio.alumnoId, cambio.cuatrimestre))!.original,
      })),
    [editadas],
  );
  const hayCambios = cambios.length > 0;

  useAvisoAlSalir(hayCambios);

  const editar = (alumno: number, c: Cuatrimestre, valor: ValorNota | null) => {
    setEditadas((antes) => {
      const k = clave(alumno, c);
      const celda = editarCelda(antes.get(k) ?? celdaNota(servidor.get(k)), valor);
      const nuevas = new Map(antes);
      if (celda.accion === 'none') nuevas.delete(k);
      else nuevas.set(k, celda);
      return nuevas;
    });
  };

  /** Descarta lo editado y vuelve a leer la planilla (después de un conflicto). */
  const recargar = async () => {
    setEditadas(new Map());
    setConflicto(null);
    setVersion((v) => v + 1);
    await utils.notas.planilla.invalidate({ cursado });
  };

  /** Guarda los cambios pendientes; true si no había o se guardaron. */
  const guardarCambios = async (): Promise<boolean> => {
    if (!hayCambios) return true;
    try {
      const r = await guardar.mutateAsync({ cursado, cambios });
      await utils.notas.planilla.invalidate({ cursado });
      setEditadas(new Map());
      setVersion((v) => v + 1);
      setConflicto(null);
      void utils.notas.cursados.invalidate();
      avisar({
        color: 'green',
        title: 'Notas guardadas',
        message: r.guardadas === 1 ? 'Se guardó 1 nota.' : `Se guardaron ${r.guardadas} notas.`,
      });
      return true;
    } catch (e) {
      const mensaje = mensajeDeError(e);
      if ((e as { data?: { code?: string } }).data?.code === 'CONFLICT') setConflicto(mensaje);
      avisar({ color: 'red', title: 'No se pudo guardar', message: mensaje });
      return false;
    }
  };

  return {
    celdaDe,
    editar,
    cantidadCambios: cambios.length,
    hayCambios,
    guardarCambios,
    guardando: guardar.isPending,
    conflicto,
    recargar,
    version,
  };
}

export type EdicionNotas = ReturnType<typeof useEdicionNotas>;
