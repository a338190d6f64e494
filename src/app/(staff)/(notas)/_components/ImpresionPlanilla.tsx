'use client';
import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Cuatrimestre } from '@/domain/notas';
import type { EstadoPeriodoNotas } from '@/domain/periodos-notas';
import { HojaPic, tituloPic } from './HojaPic';
import type { VarianteNotas } from './PantallaNotas';
import { api } from '@/trpc/react';
import clases from './impresion.module.css';
import type { Planilla } from './tipos';

type Imprimir = (titulo: string, hojaPic?: Cuatrimestre | null) => void;

/**
 * Imprimir la planilla o, en su lugar, la planilla de PIC de un cuatrimestre: `pic` es el
 * cuatrimestre cuya hoja se está imprimiendo (la pantalla oculta la planilla mientras tanto).
 */
export function useImpresionPlanilla(): { pic: Cuatrimestre | null; imprimir: Imprimir } {
  const [pic, setPic] = useState<Cuatrimestre | null>(null);
  /** Imprime con un título (el nombre del PDF); con `hojaPic`, la planilla de PIC en su lugar. */
  const imprimir: Imprimir = (titulo, hojaPic = null) => {
    const anterior = document.title;
    flushSync(() => setPic(hojaPic));
    document.title = titulo;
    window.addEventListener(
      'afterprint',
      () => {
        document.title = anterior;
        setPic(null);
      },
      { once: true },
    );
    window.print();
  };
  return { pic, imprimir };
}

interface BotonesProps {
  cursado: Planilla['cursado'];
  aplicados: readonly EstadoPeriodoNotas[];
  variante: VarianteNotas;
  imprimir: Imprimir;
}

/** Las PIC de las materias del cursado (programadas en /pics), con sus alumnos. */
const usePicsDelCursado = (cursado: number, activo: boolean) =>
  api.pics.deCursado.useQuery({ cursado }, { enabled: activo, refetchOnWindowFocus: false });

/** "Imprimir" la planilla y, en /notas-privileged, el menú "Imprimir PIC" por cuatrimestre. */
export function BotonesImprimir({ cursado, aplicados, variante, imprimir }: BotonesProps) {
  // Se leen antes de imprimir: la hoja se arma en el momento de imprimir, con lo ya leído.
  usePicsDelCursado(cursado.id, variante === 'privileged');
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} />}
        onClick={() => imprimir(`Planilla de notas - ${cursado.nombre} - ${cursado.ciclolectivo}`)}
      >
        Imprimir
      </Button>
      {variante === 'privileged' && (
        <ImprimirPic
          opciones={aplicados.map((e) => ({
            cuatrimestre: e.cuatrimestre,
            nombre: e.nombre,
            imprimir: () => imprimir(tituloPic(cursado, e.cuatrimestre), e.cuatrimestre),
          }))}
        />
      )}
    </>
  );
}

/**
 * "Imprimir PIC": un botón que despliega (aria-expanded) la lista de las planillas de PIC por
 * cuatrimestre, sobre el botón (issue 12: sin el Menu de Mantine ni @floating-ui). Escape o salir
 * con Tab la cierran; Escape devuelve el foco al botón.
 */
function ImprimirPic({
  opciones,
}: {
  opciones: { cuatrimestre: Cuatrimestre; nombre: string; imprimir: () => void }[];
}) {
  const [abierta, setAbierta] = useState(false);
  const caja = useRef<HTMLDivElement>(null);
  const boton = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (!abierta) return;
    // Un clic o un toque fuera la cierra.
    const fuera = (e: PointerEvent) => {
      if (!caja.current?.contains(e.target as Node)) setAbierta(false);
    };
    document.addEventListener('pointerdown', fuera);
    return () => document.removeEventListener('pointerdown', fuera);
  }, [abierta]);
  return (
    <div
      ref={caja}
      className={clases.desplegable}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && abierta) {
          e.stopPropagation();
          setAbierta(false);
          boton.current?.focus();
        }
      }}
      onBlur={(e) => {
        const destino = e.relatedTarget as Node | null;
        if (!destino || !e.currentTarget.contains(destino)) setAbierta(false);
      }}
    >
      <Button
        ref={boton}
        variant="default"
        leftSection={<IconPrinter size={16} />}
        aria-expanded={abierta}
        aria-controls={`${id}-pic`}
        onClick={() => setAbierta((a) => !a)}
      >
        Imprimir PIC
      </Button>
      <div
        id={`${id}-pic`}
        className={clases.panel}
        hidden={!abierta}
        // El foco queda en el botón al tocar la lista.
        onMouseDown={(e) => e.preventDefault()}
      >
        <p id={`${id}-titulo`} className={clases.titulo}>
          Alumnos anotados en la PIC (/pics)
        </p>
        <ul aria-labelledby={`${id}-titulo`} className={clases.lista}>
          {opciones.map((o) => (
            <li key={o.cuatrimestre}>
              <button
                type="button"
                className={clases.opcion}
                onClick={() => {
                  setAbierta(false);
                  boton.current?.focus();
                  o.imprimir();
                }}
              >
                PIC del {o.nombre}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * La hoja de PIC del cuatrimestre que se imprime: la PIC de la materia (fecha, hora y aula) y sus
 * alumnos, de /pics, con la nota del cuatrimestre.
 */
export function HojaPicDePlanilla({ datos, pic }: { datos: Planilla; pic: Cuatrimestre }) {
  const q = usePicsDelCursado(datos.cursado.id, true);
  const dePic = q.data?.pics.find((p) => p.pic.cuatrimestre === pic) ?? null;
  return (
    <HojaPic
      cuatrimestre={pic}
      cursado={datos.cursado}
      pic={
        dePic
          ? {
              materia: dePic.pic.materia.nombre,
              comienzo: dePic.pic.comienzo,
              aula: dePic.pic.aula,
            }
          : null
      }
      alumnos={(dePic?.alumnos ?? []).map((a) => ({
        id: a.alumnoId,
        apellido: a.apellido,
        nombre: a.nombre,
        curso: a.curso,
        nota: a.notaCuatrimestre,
      }))}
    />
  );
}
