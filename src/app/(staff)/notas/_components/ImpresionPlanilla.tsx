'use client';
import { Button, Menu } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { Cuatrimestre } from '@/domain/notas';
import type { EstadoPeriodoNotas } from '@/domain/periodos-notas';
import { HojaPic, tituloPic } from './HojaPic';
import type { VarianteNotas } from './PantallaNotas';
import { api } from '@/trpc/react';
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
        <Menu position="top-start">
          <Menu.Target>
            <Button variant="default" leftSection={<IconPrinter size={16} />}>
              Imprimir PIC
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Alumnos anotados en la PIC (/pics)</Menu.Label>
            {aplicados.map((e) => (
              <Menu.Item
                key={e.cuatrimestre}
                onClick={() => imprimir(tituloPic(cursado, e.cuatrimestre), e.cuatrimestre)}
              >
                PIC del {e.nombre}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </>
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
