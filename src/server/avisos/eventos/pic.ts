/**
 * PIC (issue 35 §3): el alumno que rinde una PIC (por la regla, los que no aprobaron el
 * cuatrimestre, o agregado a mano) recibe la materia, el día, la hora y el aula. Se compone al
 * programarla (todos sus alumnos), al cambiarle el día o el aula (el mismo aviso se actualiza) y al
 * agregar un alumno a mano. Lee quién está ahora (`consultas/pics`): el que ya no está no recibe
 * nada. Una vez por alumno y PIC: `pic:<alumno>:<pic>`.
 */
import { NOMBRE_CUATRIMESTRE, type Cuatrimestre } from '@/domain/notas';
import { comienzoEnZona } from '@/domain/pics';
import { fechaLegible } from '@/domain/texto';
import { alumnosDePics, picsConMateria } from '@/server/consultas/pics';
import { claveAviso } from '../retirar';
import type { Compositor } from '../tipos';
import { avisosDeAlumnos } from './escolares';

export interface EventoPic {
  tipo: 'pic-inscripcion';
  pic: number;
  /** Sólo estos alumnos (el agregado a mano); sin la lista, todos los de la PIC. */
  alumnos?: number[];
}

export const componerPic: Compositor<EventoPic> = async (ctx, e) => {
  const [p] = await picsConMateria(ctx.db, [e.pic]);
  // Borrada antes de componer: nada.
  if (!p) return { avisos: [] };
  const { alumnos: de } = await alumnosDePics(ctx.db, [p]);
  const ids = [...(de.get(p.id)?.keys() ?? [])]
    .filter((a) => !e.alumnos || e.alumnos.includes(a))
    .sort((a, b) => a - b);
  const { fecha, hora } = comienzoEnZona(p.comienzo, ctx.zona);
  const cuatrimestre = NOMBRE_CUATRIMESTRE[p.cuatrimestre as Cuatrimestre];
  const avisos = await avisosDeAlumnos(
    ctx,
    ids.map((alumno) => ({ alumno })),
    (h, _a, alumno) => ({
      categoria: 'pic',
      clave: claveAviso.pic(h.alumno, p.id),
      titulo: `PIC de ${p.materia}`,
      texto:
        `${alumno} rinde la PIC de ${p.materia} (${cuatrimestre}): ` +
        `el ${fechaLegible(fecha)} a las ${hora}${p.aula ? `, aula ${p.aula}` : ''}.`,
      enlace: '/evaluaciones-externo',
    }),
  );
  return { avisos };
};
