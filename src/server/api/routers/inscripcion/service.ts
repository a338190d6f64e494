/**
 * Inscripción anual (spec 02 §2 "Enrolment page", §3, §4, §5, §7): lo común del módulo (los
 * mensajes, el ciclo lectivo en curso y el hijo del referente). El resto, por tarea:
 * `referente.ts` (lo que ve y hace el referente parental: sus datos, sus hijos, el vínculo y
 * el inglés técnico), `inscribir.ts` (la inscripción de cada hijo), `ficha-medica.ts` (la
 * lectura auditada de la inscripción con la ficha médica) y `revision.ts` (el seguimiento de
 * Alumnado y el comprobante).
 */
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { ALUMNO_AJENO } from '@/server/alcance';
import type { Contexto, Ctx } from '@/server/contexto';
import { vinculoConfirmado } from '@/server/consultas/hijos';
import { alumnos, alumnosReferentes, inscripcionesAnuales } from '@/server/db/schema';
import { referentePropio } from '@/server/consultas/referentes';

export {
  ALUMNO_INHABILITADO,
  REFERENTE_INCOMPLETO,
  SIN_DATOS_DE_REFERENTE,
} from '@/server/consultas/referentes';

export const YA_VINCULADO = 'Ya es referente de ese alumno.';
export const inscripcionYaEnviada = (alumno: string, ciclo: number) =>
  `La inscripción de ${alumno} para el ciclo lectivo ${ciclo} ya fue enviada.`;
export const primeroInscribir = (alumno: string) =>
  `Primero termine la inscripción de ${alumno} de este ciclo lectivo.`;
export const NO_ELEGIBLE_INGLES = 'El inglés técnico es a partir de 3° año.';
export const INSCRIPCION_INEXISTENTE = 'La inscripción no existe.';

/**
 * El ciclo lectivo en curso, el del día de la petición (no el del selector de año): se
 * inscribe, se declara el inglés y se certifica siempre para el año que corre.
 */
export const cicloActual = (ctx: Pick<Contexto, 'hoy'>) => Number(ctx.hoy.slice(0, 4));

/**
 * El hijo vinculado con el vínculo confirmado, o FORBIDDEN: un referente nunca toca a los hijos
 * de otra familia, ni a un alumno con el que sólo declaró el vínculo.
 */
export async function exigirHijo(
  ctx: Ctx,
  { referente, alumno }: { referente: number; alumno: number },
) {
  const [h] = await ctx.db
    .select({ orden: alumnos.id, nombre: alumnos.nombre, apellido: alumnos.apellido })
    .from(alumnosReferentes)
    .innerJoin(alumnos, eq(alumnos.id, alumnosReferentes.alumnoId))
    .where(
      and(
        eq(alumnosReferentes.referenteId, referente),
        eq(alumnosReferentes.alumnoId, alumno),
        vinculoConfirmado,
      ),
    );
  if (!h) throw new TRPCError({ code: 'FORBIDDEN', message: ALUMNO_AJENO });
  return h;
}

/**
 * El referente de la sesión, su hijo (confirmado, o FORBIDDEN) y la inscripción anual del hijo
 * en el ciclo, si ya la tiene: lo que inscribir y declarar el inglés miran primero.
 */
export async function hijoYSuInscripcion(ctx: Ctx, p: { alumno: number; ciclo: number }) {
  const referente = await referentePropio(ctx);
  const hijo = await exigirHijo(ctx, { referente: referente.orden, alumno: p.alumno });
  const [inscripcion] = await ctx.db
    .select({ id: inscripcionesAnuales.id })
    .from(inscripcionesAnuales)
    .where(
      and(
        eq(inscripcionesAnuales.alumnoId, hijo.orden),
        eq(inscripcionesAnuales.ciclolectivo, p.ciclo),
      ),
    );
  return { referente, hijo, inscripcion };
}
