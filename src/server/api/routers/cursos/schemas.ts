/** Esquemas de cursos: un curso y, optativo, un ciclo lectivo (spec 02 §7 /cursos/{a}/cursados/{b}). */
import { z } from 'zod';
import { id } from '@/server/api/schemas';
import { booleano, cicloLectivo, vacioANull } from '@/server/api/schemas';

/** GET /api/cursos/{a}/cursados/{b}: a = curso, b = ciclo lectivo (optativo: el elegido). */
export const cursadosDelCurso = z.object(
  { curso: id, ciclo: z.preprocess(vacioANull, cicloLectivo.nullable()).default(null) },
  { error: 'Falta el curso.' },
);

/** POST /api/link/preceptor_curso: { preceptor, curso, link } (link true vincula, false desvincula). */
export const vinculoPreceptor = z.object(
  { preceptor: id, curso: id, link: booleano('link') },
  { error: 'Se esperan preceptor, curso y link (true o false).' },
);
