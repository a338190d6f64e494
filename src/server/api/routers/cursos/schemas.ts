/** Esquemas de cursos: un curso y, optativo, un ciclo lectivo (spec 02 §7 /cursos/{a}/cursados/{b}). */
import { z } from 'zod';
import { id } from '@/server/api/schemas';
import { cicloLectivo, vacioANull } from '@/server/api/schemas';

/** GET /api/cursos/{a}/cursados/{b}: a = curso, b = ciclo lectivo (optativo: el elegido). */
export const cursadosDelCurso = z.object(
  { curso: id, ciclo: z.preprocess(vacioANull, cicloLectivo.nullable()).default(null) },
  { error: 'Falta el curso.' },
);
