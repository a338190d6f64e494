/**
 * Inscripción anual (issue 35 §3): recibida (el referente la envió) y completa (Alumnado la
 * verificó); también observada (Alumnado le marcó algo para corregir: la observación se lee en
 * /inscripcion, no va en el aviso). La reciben los referentes confirmados del alumno (quien la
 * envió es uno: sólo un vínculo confirmado inscribe) y el alumno. Lee el estado actual: una
 * revisión que se cambió antes de componer no avisa lo que ya no es. Una vez por alumno, ciclo y
 * etapa: `inscripcion:<alumno>:<ciclo>:<recibida|completa|observada>`. Ningún dato de la ficha
 * médica.
 */
import { sql } from 'drizzle-orm';
import type { EstadoInscripcion } from '@/domain/inscripcion';
import type { Compositor } from '../tipos';
import { avisosDeAlumnos, filas } from './escolares';

export type EtapaInscripcion = 'recibida' | 'completa' | 'observada';

export interface EventoInscripcion {
  tipo: 'inscripcion';
  inscripcion: number;
  etapa: EtapaInscripcion;
}

/** La etapa que avisa cada estado de la revisión ('pendiente' es la recibida). */
export const ETAPA_DE_ESTADO: Record<EstadoInscripcion, EtapaInscripcion> = {
  pendiente: 'recibida',
  verificada: 'completa',
  observada: 'observada',
};

const TEXTOS: Record<
  EtapaInscripcion,
  { titulo: string; texto: (a: string, c: number) => string }
> = {
  recibida: {
    titulo: 'Inscripción recibida',
    texto: (a, c) =>
      `La escuela recibió la inscripción de ${a} para el ciclo lectivo ${c}. Alumnado la va a revisar.`,
  },
  completa: {
    titulo: 'Inscripción completa',
    texto: (a, c) =>
      `La inscripción de ${a} para el ciclo lectivo ${c} está completa: Alumnado la verificó.`,
  },
  observada: {
    titulo: 'Inscripción observada',
    texto: (a, c) =>
      `Alumnado observó la inscripción de ${a} para el ciclo lectivo ${c}: lea la observación en Inscripción.`,
  },
};

export const componerInscripcion: Compositor<EventoInscripcion> = async (ctx, e) => {
  const [i] = await filas<{ alumno: number; ciclo: number; estado: EstadoInscripcion }>(
    ctx.db,
    sql`select alumno_id as alumno, ciclolectivo as ciclo, estado
      from inscripciones_anuales where id = ${e.inscripcion}`,
  );
  // Una recibida avisa siempre; completa y observada, si la revisión sigue así.
  if (!i || (e.etapa !== 'recibida' && ETAPA_DE_ESTADO[i.estado] !== e.etapa))
    return { avisos: [] };
  const t = TEXTOS[e.etapa];
  const avisos = await avisosDeAlumnos(ctx, [i], (h, _a, alumno) => ({
    categoria: 'inscripcion',
    clave: `inscripcion:${h.alumno}:${h.ciclo}:${e.etapa}`,
    titulo: t.titulo,
    texto: t.texto(alumno, h.ciclo),
    enlace: '/inscripcion',
  }));
  return { avisos };
};
