/**
 * La jornada cultural y deportiva de demostración (issue 17 §1): ocho actividades del ciclo entre
 * las 7:30 y las 14:00, con cupos, aula y para qué años y géneros, y parte de los alumnos ya
 * anotados (uno de cada tres lo intenta; cada actividad se llena hasta dos tercios de sus cupos,
 * respetando la máscara). El alumno de demostración
 * todavía no eligió: su pantalla /jornada está para elegir. Sin imágenes (se suben desde
 * /jornada/view). Determinística: sale de los ids, no del azar.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { esElegible, mascaraDe, type Genero } from '@/domain/jornada';
import { EMAIL_DEMO } from '../demo';
import type { DbOTx } from '../index';
import * as s from '../schema';
import { insertarEnLotes } from './lotes';

const TODOS = [1, 2, 3, 4, 5, 6];
const ACTIVIDADES = [
  {
    nombre: 'Fútbol 5',
    descripcion: 'Torneo relámpago por equipos mixtos de curso.',
    cupos: 40,
    comienzo: '08:00',
    fin: '12:00',
    aula: 'Cancha',
    m: { anios: TODOS, mujeres: true, varones: true },
  },
  {
    nombre: 'Vóley',
    descripcion: 'Partidos cortos y clínica de saque.',
    cupos: 24,
    comienzo: '08:00',
    fin: '11:00',
    aula: 'Gimnasio',
    m: { anios: TODOS, mujeres: true, varones: true },
  },
  {
    nombre: 'Ajedrez',
    descripcion: 'Simultánea con el club del barrio.',
    cupos: 20,
    comienzo: '09:00',
    fin: '12:00',
    aula: 'Biblioteca',
    m: { anios: TODOS, mujeres: true, varones: true },
  },
  {
    nombre: 'Robótica',
    descripcion: 'Armado y carrera de seguidores de línea.',
    cupos: 16,
    comienzo: '08:30',
    fin: '13:30',
    aula: 'Laboratorio 2',
    m: { anios: [4, 5, 6], mujeres: true, varones: true },
  },
  {
    nombre: 'Teatro',
    descripcion: 'Improvisación y una obra corta al cierre.',
    cupos: 25,
    comienzo: '10:00',
    fin: '14:00',
    aula: 'Salón de actos',
    m: { anios: TODOS, mujeres: true, varones: true },
  },
  {
    nombre: 'Handball femenino',
    descripcion: 'Encuentro con la escuela vecina.',
    cupos: 18,
    comienzo: '07:30',
    fin: '10:30',
    aula: 'Gimnasio',
    m: { anios: [3, 4, 5, 6], mujeres: true, varones: false },
  },
  {
    nombre: 'Murales',
    descripcion: 'Pintamos la pared del patio con el tema del año.',
    cupos: 20,
    comienzo: '08:00',
    fin: '13:00',
    aula: 'Patio',
    m: { anios: [1, 2, 3], mujeres: true, varones: true },
  },
  {
    nombre: 'Radio escolar',
    descripcion: 'Programa en vivo durante la jornada.',
    cupos: 10,
    comienzo: '09:00',
    fin: '14:00',
    aula: 'Aula 12',
    m: { anios: [5, 6], mujeres: true, varones: true },
  },
] as const;

export async function sembrarJornada(tx: DbOTx, { ciclo }: { ciclo: number }) {
  const actividades = await tx
    .insert(s.jcdActividades)
    .values(
      ACTIVIDADES.map(({ m, ...a }) => ({
        ...a,
        ciclolectivo: ciclo,
        mascara: mascaraDe({ anios: [...m.anios], mujeres: m.mujeres, varones: m.varones }),
      })),
    )
    .returning({
      id: s.jcdActividades.id,
      cupos: s.jcdActividades.cupos,
      mascara: s.jcdActividades.mascara,
    });
  const [demo] = await tx
    .select({ id: s.alumnos.id })
    .from(s.alumnos)
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.alumnos.usuarioId))
    .where(eq(sql`lower(${s.usuarios.email})`, EMAIL_DEMO.alumno));
  const alumnos = await tx
    .select({ id: s.alumnos.id, genero: s.alumnos.genero, anio: s.cursos.anio })
    .from(s.alumnosCursos)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosCursos.alumnoId))
    .innerJoin(s.cursos, eq(s.cursos.id, s.alumnosCursos.cursoId))
    .where(and(eq(s.alumnosCursos.ciclolectivo, ciclo)))
    .orderBy(asc(s.alumnos.id));
  const ocupados = new Map(actividades.map((a) => [a.id, 0]));
  const elecciones: (typeof s.jcdElecciones.$inferInsert)[] = [];
  for (const a of alumnos) {
    if (a.id === demo?.id || a.id % 3 !== 0) continue;
    // Hasta dos tercios de los cupos: la demostración deja lugar para elegir.
    const posibles = actividades.filter(
      (x) =>
        esElegible(x.mascara, { anio: a.anio, genero: a.genero as Genero }) &&
        ocupados.get(x.id)! < Math.floor((x.cupos * 2) / 3),
    );
    if (!posibles.length) continue;
    const elegida = posibles[a.id % posibles.length]!;
    ocupados.set(elegida.id, ocupados.get(elegida.id)! + 1);
    elecciones.push({ alumnoId: a.id, ciclolectivo: ciclo, actividadId: elegida.id });
  }
  await insertarEnLotes(tx, s.jcdElecciones, elecciones);
  return { actividades: actividades.length, elecciones: elecciones.length };
}
