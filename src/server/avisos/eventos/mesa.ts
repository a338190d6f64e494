/**
 * Mesas de examen (issue 35 §3): anotado en una mesa (fecha, hora, aula), una vez por alumno y
 * materia de la mesa (`mesa-inscripcion:<alumno>:<mesa>-<materia>`; si la mesa cambia de día, de
 * hora o de aula, el mismo aviso se actualiza, sin otro correo), y el resultado cuando se cierra el acta
 * (`mesa-resultado:<alumno>:<mesa>-<materia>`). Lee el estado actual: un alumno que ya no está
 * anotado, o un acta todavía abierta, no avisa nada.
 */
import { sql } from 'drizzle-orm';
import { apruebaExamen, mostrarResultadoExamen, type TipoNotaExamen } from '@/domain/notas';
import { comienzoEnZona } from '@/domain/pics';
import { enteros } from '@/server/db/sql';
import { fechaLegible } from '@/domain/texto';
import { claveAviso } from '../retirar';
import type { Compositor } from '../tipos';
import { avisosDeAlumnos, filas } from './escolares';

export interface EventoMesaInscripcion {
  tipo: 'mesa-inscripcion';
  mesa: number;
  /** Sin materia: las de actas abiertas de la mesa (cambió de día, de hora o de aula). */
  materia?: number;
  /** Los anotados ahora; sin la lista, todos los del acta. */
  alumnos?: number[];
}

export interface EventoMesaResultado {
  tipo: 'mesa-resultado';
  mesa: number;
  materia: number;
}

interface FilaMesa {
  alumno: number;
  materia_id: number;
  materia: string;
  instancia: string;
  comienzo: Date | string;
  aula: string | null;
  cerrada: boolean;
  nota: number | null;
  tipo_nota: string | null;
}

const deLaMesa = (mesa: number, materia?: number, alumnos?: number[]) =>
  sql`select ma.alumno_id as alumno, ma.materia_id, mt.nombre as materia, m.instancia, m.comienzo, m.aula,
      mm.cerrada_en is not null as cerrada, ma.nota, ma.tipo_nota
    from mesas_alumnos ma
    join mesas m on m.id = ma.mesa_id
    join mesas_materias mm on mm.mesa_id = ma.mesa_id and mm.materia_id = ma.materia_id
    join materias mt on mt.id = ma.materia_id
    where ma.mesa_id = ${mesa}
      ${materia != null ? sql`and ma.materia_id = ${materia}` : sql`and mm.cerrada_en is null`}
      ${alumnos ? sql`and ma.alumno_id = any(${enteros(alumnos)})` : sql``}
    order by ma.materia_id, ma.alumno_id`;

export const componerMesaInscripcion: Compositor<EventoMesaInscripcion> = async (ctx, e) => {
  const lista = await filas<FilaMesa>(ctx.db, deLaMesa(e.mesa, e.materia, e.alumnos));
  const avisos = await avisosDeAlumnos(ctx, lista, (f, _a, alumno) => {
    const { fecha, hora } = comienzoEnZona(new Date(f.comienzo), ctx.zona);
    return {
      categoria: 'mesa',
      clave: claveAviso.mesa(f.alumno, e.mesa, f.materia_id),
      titulo: `Mesa de ${f.materia}`,
      texto:
        `${alumno} está anotado en la mesa de ${f.materia} (${f.instancia}): ` +
        `el ${fechaLegible(fecha)} a las ${hora}${f.aula ? `, aula ${f.aula}` : ''}.`,
      enlace: '/evaluaciones-externo',
    };
  });
  return { avisos };
};

/** 'Aprobada con 7', 'Desaprobada con 2', 'Ausente', 'Adeuda correlativa'. */
function resultado(f: FilaMesa): string {
  const r = { nota: f.nota, tipoNota: f.tipo_nota as TipoNotaExamen };
  if (r.tipoNota === 'ausente') return 'Ausente';
  if (r.tipoNota === 'adeuda_correlativa') return 'Adeuda correlativa';
  return `${apruebaExamen(r) ? 'Aprobada' : 'Desaprobada'} con ${mostrarResultadoExamen(r)}`;
}

export const componerMesaResultado: Compositor<EventoMesaResultado> = async (ctx, e) => {
  const lista = (await filas<FilaMesa>(ctx.db, deLaMesa(e.mesa, e.materia))).filter(
    (f) => f.cerrada && f.tipo_nota != null,
  );
  const avisos = await avisosDeAlumnos(ctx, lista, (f, _a, alumno) => {
    const { fecha } = comienzoEnZona(new Date(f.comienzo), ctx.zona);
    return {
      categoria: 'mesa',
      clave: `mesa-resultado:${f.alumno}:${e.mesa}-${e.materia}`,
      titulo: `Resultado de la mesa de ${f.materia}`,
      texto: `Mesa de ${f.materia} (${f.instancia}, ${fechaLegible(fecha)}) de ${alumno}: ${resultado(f)}.`,
      enlace: '/libretas-externo',
    };
  });
  return { avisos };
};
