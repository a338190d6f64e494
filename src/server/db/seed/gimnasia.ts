/**
 * Gimnasia electiva de demostración (issue 17 §2): la mitad de los alumnos de 5° año ya eligió sus
 * tres opciones (distintas), sin asignar todavía: /gimnasia-electiva/vista tiene qué mostrar y
 * qué asignar. Determinística: sale de los ids.
 */
import { and, asc, eq } from 'drizzle-orm';
import { ANIO_GIMNASIA, OPCIONES_GIMNASIA } from '@/domain/gimnasia';
import type { DbOTx } from '../index';
import * as s from '../schema';
import { insertarEnLotes } from './lotes';

export async function sembrarGimnasia(tx: DbOTx, { ciclo }: { ciclo: number }) {
  const deQuinto = await tx
    .select({ id: s.alumnosCursos.alumnoId })
    .from(s.alumnosCursos)
    .innerJoin(s.cursos, eq(s.cursos.id, s.alumnosCursos.cursoId))
    .where(and(eq(s.alumnosCursos.ciclolectivo, ciclo), eq(s.cursos.anio, ANIO_GIMNASIA)))
    .orderBy(asc(s.alumnosCursos.alumnoId));
  const n = OPCIONES_GIMNASIA.length;
  await insertarEnLotes(
    tx,
    s.gimnasiaElecciones,
    deQuinto
      .filter((a) => a.id % 2 === 0)
      .map((a) => {
        const primera = 1 + ((a.id * 7) % n);
        const segunda = 1 + ((primera + 2 + (a.id % 3)) % n);
        let tercera = 1 + ((segunda + 4) % n);
        if (tercera === primera) tercera = 1 + (tercera % n);
        return {
          alumnoId: a.id,
          ciclolectivo: ciclo,
          opcion1: primera,
          opcion2: segunda,
          opcion3: tercera,
        };
      }),
  );
}
