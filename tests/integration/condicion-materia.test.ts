/**
 * La fila de una materia no se contradice (issue 32, punto 3): con las notas guardadas, la
 * planilla (la fila que arma la pantalla con `condicionDeMateria`), la libreta (nota final) y las
 * mesas (quiénes adeudan y a quiénes se propone) dicen lo mismo. Una anual con 6 y 1 o 9 y 4 está
 * aprobada: nota final, sin condición, nadie la propone para una mesa; las mismas notas en una
 * bicuatrimestral van a "Marzo" o "Diciembre", sin nota final, y se proponen. Día: 24/11/2026.
 */
import { bitCuatrimestre } from '@/domain/periodos-notas';
import { Modalidad, condicionDeMateria, type CondicionAlumno } from '@/domain/notas';
import { Rol } from '@/domain/roles';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo } from '../fixtures/contexto';

const ciclo = 2026;
const hoy = '2026-11-24';
const ahora = new Date('2026-11-24T15:00:00Z');
let c: Conexion;
let db: Db;
const alumnado = () => callerComo(db, EMAIL_DEMO.alumnado, Rol.Alumnado, { ciclo, hoy, ahora });

interface Caso {
  apellido: string;
  modalidad: number;
  notas: [number, number];
  final: number | null;
  condicion: CondicionAlumno | null;
}
const CASOS: Caso[] = [
  { apellido: 'Anual6y1', modalidad: Modalidad.Anual, notas: [6, 1], final: 6, condicion: null },
  { apellido: 'Anual9y4', modalidad: Modalidad.Anual, notas: [9, 4], final: 9, condicion: null },
  { apellido: 'Anual4y8', modalidad: Modalidad.Anual, notas: [4, 8], final: 8, condicion: null },
  {
    apellido: 'Anual3y1',
    modalidad: Modalidad.Anual,
    notas: [3, 1],
    final: null,
    condicion: 'Marzo',
  },
  {
    apellido: 'Bicuatrimestral6y1',
    modalidad: Modalidad.BiCuatrimestral,
    notas: [6, 1],
    final: null,
    condicion: 'Marzo',
  },
  {
    apellido: 'Bicuatrimestral9y4',
    modalidad: Modalidad.BiCuatrimestral,
    notas: [9, 4],
    final: null,
    condicion: 'Diciembre',
  },
  {
    apellido: 'Bicuatrimestral8y7',
    modalidad: Modalidad.BiCuatrimestral,
    notas: [8, 7],
    final: 8,
    condicion: null,
  },
];

const ids = { materia: 0, mesa: 0, cursados: new Map<number, number>() };
const alumnoDe = new Map<string, number>();

beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo, hoy);
  db = c.db;
  // Una materia nueva: nadie más la adeuda.
  const [base] = await db.select().from(s.materias).limit(1);
  const [curso] = await db.select({ id: s.cursos.id }).from(s.cursos).limit(1);
  const [m] = await db
    .insert(s.materias)
    .values({
      nombre: 'Materia del issue 32',
      codigo: 'ISS32',
      anio: base!.anio,
      planId: base!.planId,
      departamentoId: base!.departamentoId,
    })
    .returning({ id: s.materias.id });
  ids.materia = m!.id;
  // Un cursado por modalidad, con las dos planillas cerradas (de ahí se proponen las mesas).
  for (const modalidad of [Modalidad.Anual, Modalidad.BiCuatrimestral]) {
    const [cu] = await db
      .insert(s.cursados)
      .values({
        nombre: `Issue 32 ${modalidad}`,
        modalidad,
        horas: 4,
        ciclolectivo: ciclo,
        periodosCerrados: bitCuatrimestre(1) | bitCuatrimestre(2),
      })
      .returning({ id: s.cursados.id });
    await db.insert(s.cursadosMaterias).values({ cursadoId: cu!.id, materiaId: ids.materia });
    await db.insert(s.cursadosCursos).values({ cursadoId: cu!.id, cursoId: curso!.id });
    ids.cursados.set(modalidad, cu!.id);
  }
  let dni = 96_320_000;
  for (const caso of CASOS) {
    const [a] = await db
      .insert(s.alumnos)
      .values({ dni: ++dni, apellido: caso.apellido, nombre: 'Prueba' })
      .returning({ id: s.alumnos.id });
    const cursado = ids.cursados.get(caso.modalidad)!;
    alumnoDe.set(caso.apellido, a!.id);
    await db
      .insert(s.alumnosCursos)
      .values({ alumnoId: a!.id, cursoId: curso!.id, ciclolectivo: ciclo });
    await db
      .insert(s.inscripciones)
      .values({ alumnoId: a!.id, cursadoId: cursado, materiaId: ids.materia });
    await db.insert(s.notas).values(
      caso.notas.map((nota, i) => ({
        alumnoId: a!.id,
        cursadoId: cursado,
        cuatrimestre: i + 1,
        nota,
        ausente: false,
      })),
    );
  }
  const a = await alumnado();
  ({ id: ids.mesa } = await a.mesas.crear({
    fecha: '2026-12-22',
    hora: '08:00',
    instancia: 'Complementaria Noviembre/Diciembre',
    aula: 'Aula 5',
  }));
  await a.mesas.guardarMaterias({ id: ids.mesa, agregar: [ids.materia], quitar: [] });
}, 120_000);
afterAll(() => c?.cerrar());

test.each(CASOS)(
  '$apellido: planilla, libreta y mesas dicen lo mismo (final $final, condición $condicion)',
  async (caso) => {
    const a = await alumnado();
    const alumno = alumnoDe.get(caso.apellido)!;
    const cursado = ids.cursados.get(caso.modalidad)!;

    // La planilla: la fila con las notas guardadas.
    const planilla = await a.notas.planilla({ cursado });
    const fila = planilla.alumnos.find((x) => x.id === alumno)!;
    expect(fila.notas).toEqual({ 1: caso.notas[0], 2: caso.notas[1] });
    const r = condicionDeMateria(planilla.cursado.modalidad, fila.notas[1], fila.notas[2]);
    expect({ final: r.final, condicion: r.condicion }).toEqual({
      final: caso.final,
      condicion: caso.condicion,
    });

    // La libreta: la misma nota final (ninguna si no aprobó).
    const libreta = await a.notas.libreta({ alumno });
    const materia = libreta.anios
      .find((x) => x.ciclo === ciclo)!
      .materias.find((x) => x.cursado === cursado)!;
    expect(materia.final).toBe(caso.final);

    // Las mesas: adeuda y se lo propone ⇔ la fila tiene condición.
    const candidatos = await a.mesas.candidatos({ id: ids.mesa, materia: ids.materia });
    const candidato = candidatos.alumnos.find((x) => x.alumno === alumno);
    expect(candidato != null).toBe(caso.condicion != null);
    expect(candidato?.propuesto === true).toBe(caso.condicion != null);
  },
);
