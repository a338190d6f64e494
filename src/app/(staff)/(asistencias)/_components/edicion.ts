'use client';
import { useCallback, useRef, useState } from 'react';
import {
  CIRCUNSTANCIA_POR_DEFECTO,
  TIPOS_ASISTENCIA,
  esCircunstancia,
  esTipoAsistencia,
  reducirAsistencias,
  type AccionAsistencias,
  type EntradaAsistencia,
  type EntradaEditable,
  type TipoAsistencia,
} from '@/domain/asistencias';
import { hoyEscolar, partesEnZona, type Turno } from '@/domain/escuela';
import { fechaLegible } from '@/domain/texto';

/** Una entrada de asistencia con su alumno (la planilla de un curso mezcla varios). */
export type Entrada = EntradaAsistencia & { alumno: number };
export type Editable = EntradaEditable<Entrada>;

/** Una entrada tal como la devuelve el servidor (tipo y circunstancia son texto en la base). */
export interface EntradaServidor {
  orden: number;
  tipo: string;
  circunstancia: string | null;
  justificada: boolean;
  justificacion: string | null;
  fecha: string;
  turno: Turno | string;
}

export function desdeServidor(alumno: number, e: EntradaServidor): Entrada {
  return {
    alumno,
    orden: e.orden,
    tipo: esTipoAsistencia(e.tipo) ? e.tipo : TIPOS_ASISTENCIA[0],
    circunstancia: esCircunstancia(e.circunstancia) ? e.circunstancia : CIRCUNSTANCIA_POR_DEFECTO,
    justificada: e.justificada,
    justificacion: e.justificacion,
    fecha: e.fecha,
    turno: e.turno === 'Tarde' ? 'Tarde' : 'Mañana',
  };
}

/** Los datos que se envían de una entrada (sin alumno, fecha ni turno). */
export function datosDe(e: Entrada) {
  return {
    tipo: e.tipo,
    circunstancia: e.circunstancia,
    justificada: e.justificada,
    justificacion: e.justificada ? e.justificacion : null,
  };
}

/**
 * La lista de entradas en edición con el reductor del dominio (spec 01 §4). Se vuelve a cargar
 * sola cuando cambia `origen` (los datos del servidor) y con `recargar` después de guardar.
 */
export function useEdicion<O>(origen: O | undefined, entradasDe: (o: O) => Entrada[]) {
  const cargar = (o: O | undefined): Editable[] =>
    o ? reducirAsistencias<Entrada>([], { accion: 'cargar', entradas: entradasDe(o) }) : [];
  const [estado, setEstado] = useState<{ origen: O | undefined; lista: Editable[] }>(() => ({
    origen,
    lista: cargar(origen),
  }));
  let actual = estado;
  if (estado.origen !== origen) {
    // Estado derivado: al cambiar los datos del servidor se descarta la edición anterior.
    actual = { origen, lista: cargar(origen) };
    setEstado(actual);
  }
  const despachar = useCallback(
    (accion: AccionAsistencias<Entrada>) =>
      setEstado((s) => ({ ...s, lista: reducirAsistencias(s.lista, accion) })),
    [],
  );
  const recargar = (o: O) => setEstado({ origen: o, lista: cargar(o) });
  return { lista: actual.lista, despachar, recargar };
}

/** Clave del grupo en que un tipo no puede repetirse: alumno, día y turno (índice único). */
export const grupoDe = (e: Entrada) => `${e.alumno}|${e.fecha}|${e.turno}`;

/**
 * Por entrada: los tipos que ya usan las otras entradas de su grupo (para deshabilitarlos) y si
 * su tipo está repetido. Las marcadas para borrar no cuentan.
 */
export function tiposOcupados(lista: readonly Editable[]) {
  const porGrupo = new Map<string, Editable[]>();
  for (const e of lista) {
    if (e.borrar) continue;
    const g = grupoDe(e);
    porGrupo.set(g, [...(porGrupo.get(g) ?? []), e]);
  }
  const ocupados = new Map<string, Set<TipoAsistencia>>();
  const repetidas = new Set<string>();
  for (const e of lista) {
    const otras = (porGrupo.get(grupoDe(e)) ?? []).filter((o) => o.clave !== e.clave);
    const tipos = new Set(otras.map((o) => o.tipo));
    ocupados.set(e.clave, tipos);
    if (!e.borrar && tipos.has(e.tipo)) repetidas.add(e.clave);
  }
  return { ocupados, repetidas };
}

/** El primer tipo que el grupo todavía no usa (para una entrada nueva), o null si no queda. */
export function tipoLibre(lista: readonly Editable[], grupo: string): TipoAsistencia | null {
  const usados = new Set(lista.filter((e) => !e.borrar && grupoDe(e) === grupo).map((e) => e.tipo));
  return TIPOS_ASISTENCIA.find((t) => !usados.has(t)) ?? null;
}

/** Un generador de claves para las entradas nuevas. */
export function useClaves() {
  const n = useRef(0);
  return useCallback(() => `nueva:${++n.current}`, []);
}

export { mensajeDeError } from '@/components/ui/errores';

/** '2 nuevas, 1 borrada' (sólo lo que hubo); 'sin cambios' si no hubo nada. */
export function resumenCambios(c: { creadas: number; modificadas: number; borradas: number }) {
  const partes = [
    [c.creadas, 'nueva', 'nuevas'],
    [c.modificadas, 'modificada', 'modificadas'],
    [c.borradas, 'borrada', 'borradas'],
  ] as const;
  const texto = partes
    .filter(([n]) => n > 0)
    .map(([n, uno, varios]) => `${n} ${n === 1 ? uno : varios}`)
    .join(', ');
  return texto || 'sin cambios';
}

/**
 * 'Asistencia tomada por Pérez, Ana a las 08:05' (la hora en la zona de la escuela; si se tomó
 * otro día que el de la planilla, también la fecha) o 'Asistencia sin tomar'.
 */
export function textoTomada(
  tomada: { por: string; en: string } | null,
  fecha: string,
  zona: string,
): string {
  if (!tomada) return 'Asistencia sin tomar';
  const instante = new Date(tomada.en);
  const { hora, minuto } = partesEnZona(instante, zona);
  const hhmm = `${String(hora).padStart(2, '0')}:${String(minuto).padStart(2, '0')}`;
  const dia = hoyEscolar(instante, zona);
  const el = dia === fecha ? '' : ` el ${fechaLegible(dia)}`;
  return `Asistencia tomada por ${tomada.por}${el} a las ${hhmm}`;
}
