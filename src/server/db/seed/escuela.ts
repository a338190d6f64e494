/**
 * Escribe la escuela del ciclo: la estructura (`estructura.ts`), las personas
 * (`personas.ts`), un cursado por curso y materia con su docente, la inscripción de cada
 * alumno a los cursados de su curso, la configuración y el calendario de avances y notas.
 */
import { nombreCurso } from '@/domain/escuela';
import { EMAIL_DEMO } from '../demo';
import type { DbOTx } from '../index';
import * as s from '../schema';
import { Azar, SEMILLAS } from './aleatorio';
import {
  CUOTA_COOPERADORA,
  CURSADOS_DOCENTE_DEMO,
  CURSADOS_MULTIROL,
  CURSOS,
  DEPARTAMENTO_JEFE_DEMO,
  DEPARTAMENTO_MULTIROL,
  DEPARTAMENTOS,
  ESCUELA,
  MATERIAS,
  MATERIAS_COORDINADOR,
  claveCurso,
  fecha,
  materiasDelCurso,
  type Departamento,
} from './estructura';
import { insertarDevolviendo, insertarEnLotes } from './lotes';
import { fechasDeNotas } from './notas';
import { generarEscuela, type EscuelaGen } from './personas';

function id(mapa: Map<string, number>, clave: string): number {
  const v = mapa.get(clave);
  if (v === undefined) throw new Error(`Falta ${clave}`);
  return v;
}

interface CursadoGen {
  nombre: string;
  modalidad: number;
  horas: number;
  materia: string;
  curso: string;
  docente: string;
}

/**
 * Los cursados del ciclo: uno por (curso, materia). El docente es el de demostración donde
 * lo tiene asignado; si no, los docentes del departamento se turnan por materia.
 */
function generarCursados(gen: EscuelaGen, ciclo: number): CursadoGen[] {
  const azar = new Azar(SEMILLAS.escuela + ciclo);
  const fijos = new Map<string, string>();
  for (const [codigo, curso] of CURSADOS_DOCENTE_DEMO)
    fijos.set(`${codigo}|${curso}`, EMAIL_DEMO.docente);
  for (const [codigo, curso] of CURSADOS_MULTIROL)
    fijos.set(`${codigo}|${curso}`, EMAIL_DEMO.multirol);
  const docenteDeMateria = new Map<string, string>();
  const turnoDepartamento = new Map<Departamento, number>();
  for (const x of MATERIAS) {
    const cursosDeMateria = CURSOS.filter((c) => materiasDelCurso(c).includes(x));
    if (cursosDeMateria.every((c) => fijos.has(`${x.codigo}|${claveCurso(c.anio, c.division)}`)))
      continue;
    const lista = gen.docentesPorDepartamento.get(x.departamento) ?? [];
    const t = turnoDepartamento.get(x.departamento) ?? 0;
    turnoDepartamento.set(x.departamento, t + 1);
    docenteDeMateria.set(x.codigo, lista[t % lista.length]!);
  }

  const cursados: CursadoGen[] = [];
  for (const c of CURSOS) {
    const clave = claveCurso(c.anio, c.division);
    for (const x of materiasDelCurso(c)) {
      const r = azar.real();
      cursados.push({
        nombre: `${x.nombre} ${nombreCurso(c)}`,
        modalidad: r < 0.85 ? 0 : r < 0.91 ? 1 : r < 0.97 ? 2 : 3,
        horas: x.horas,
        materia: x.codigo,
        curso: clave,
        docente: fijos.get(`${x.codigo}|${clave}`) ?? docenteDeMateria.get(x.codigo)!,
      });
    }
  }
  return cursados;
}

/** Crea la escuela del `ciclo` en una base vacía (dentro de la transacción de `sembrar`). */
export async function sembrarEscuela(tx: DbOTx, ciclo: number): Promise<void> {
  const gen = generarEscuela(ciclo);

  const deps = await insertarDevolviendo(
    tx,
    s.departamentos,
    DEPARTAMENTOS.map((nombre) => ({ nombre })),
    { id: s.departamentos.id, nombre: s.departamentos.nombre },
  );
  const depId = new Map(deps.map((d) => [d.nombre, d.id]));

  const [plan] = await tx
    .insert(s.planes)
    .values({ codigo: 'ETP', anio: 2018, nombre: 'Técnico (Ley 26.058)' })
    .returning({ id: s.planes.id });
  if (!plan) throw new Error('No se creó el plan');

  const cursos = await insertarDevolviendo(
    tx,
    s.cursos,
    CURSOS.map((c) => ({ ...c })),
    { id: s.cursos.id, anio: s.cursos.anio, division: s.cursos.division },
  );
  const cursoId = new Map(cursos.map((c) => [claveCurso(c.anio, c.division), c.id]));

  const materias = await insertarDevolviendo(
    tx,
    s.materias,
    MATERIAS.map((x) => ({
      nombre: x.nombre,
      codigo: x.codigo,
      anio: x.anio,
      planId: plan.id,
      departamentoId: id(depId, x.departamento),
    })),
    { id: s.materias.id, codigo: s.materias.codigo },
  );
  const materiaId = new Map(materias.map((x) => [x.codigo, x.id]));

  const usuarios = await insertarDevolviendo(tx, s.usuarios, gen.usuarios, {
    id: s.usuarios.id,
    email: s.usuarios.email,
  });
  const usuarioId = new Map(usuarios.map((u) => [u.email, u.id]));

  await insertarEnLotes(
    tx,
    s.preceptoresCursos,
    gen.preceptoresCursos.map(([email, curso]) => ({
      usuarioId: id(usuarioId, email),
      cursoId: id(cursoId, curso),
      ciclolectivo: ciclo,
    })),
  );
  await insertarEnLotes(tx, s.jefesDepartamento, [
    {
      usuarioId: id(usuarioId, EMAIL_DEMO.jefeDepartamento),
      departamentoId: id(depId, DEPARTAMENTO_JEFE_DEMO),
    },
    {
      usuarioId: id(usuarioId, EMAIL_DEMO.multirol),
      departamentoId: id(depId, DEPARTAMENTO_MULTIROL),
    },
  ]);
  await insertarEnLotes(
    tx,
    s.coordinadoresMaterias,
    MATERIAS_COORDINADOR.map((codigo) => ({
      usuarioId: id(usuarioId, EMAIL_DEMO.coordinador),
      materiaId: id(materiaId, codigo),
    })),
  );

  // Alumnos y su curso del ciclo.
  const alumnos = await insertarDevolviendo(
    tx,
    s.alumnos,
    gen.alumnos.map((a) => ({
      usuarioId: a.usuario ? id(usuarioId, a.usuario) : null,
      dni: a.dni,
      apellido: a.apellido,
      nombre: a.nombre,
      genero: a.genero,
      email: a.email,
      telefono: a.telefono,
      habilitado: true,
      nacimiento: a.nacimiento,
    })),
    { id: s.alumnos.id, dni: s.alumnos.dni },
  );
  const alumnoPorDni = new Map(alumnos.map((a) => [a.dni, a.id]));
  const alumnoId = gen.alumnos.map((a) => {
    const v = alumnoPorDni.get(a.dni);
    if (v === undefined) throw new Error(`Falta el alumno ${a.dni}`);
    return v;
  });
  await insertarEnLotes(
    tx,
    s.alumnosCursos,
    gen.alumnos.map((a, i) => ({
      alumnoId: alumnoId[i]!,
      cursoId: id(cursoId, a.cursoClave),
      ciclolectivo: ciclo,
    })),
  );

  // Referentes: `insertarDevolviendo` responde en el orden de las filas.
  const refs = await insertarDevolviendo(
    tx,
    s.referentes,
    gen.referentes.map((r) => ({
      usuarioId: r.usuario ? id(usuarioId, r.usuario) : null,
      apellido: r.apellido,
      nombre: r.nombre,
      email: r.email,
      telefono: r.telefono,
      exalumno: r.exalumno,
    })),
    { id: s.referentes.id },
  );
  await insertarEnLotes(
    tx,
    s.alumnosReferentes,
    gen.referentes.flatMap((r, i) =>
      // Los carga la escuela: confirmados (los de las familias de demostración, también).
      r.hijos.map((h) => ({
        alumnoId: alumnoId[h]!,
        referenteId: refs[i]!.id,
        confirmado: true,
        confirmadoCon: 'personal',
      })),
    ),
  );

  // Cursados del ciclo, con su materia, su curso y su docente.
  const cursadosGen = generarCursados(gen, ciclo);
  const cursados = await insertarDevolviendo(
    tx,
    s.cursados,
    cursadosGen.map((x) => ({
      nombre: x.nombre,
      modalidad: x.modalidad,
      horas: x.horas,
      ciclolectivo: ciclo,
    })),
    { id: s.cursados.id, nombre: s.cursados.nombre },
  );
  const cursadoId = new Map(cursados.map((x) => [x.nombre, x.id]));
  const idCursado = (x: CursadoGen) => id(cursadoId, x.nombre);
  await insertarEnLotes(
    tx,
    s.cursadosMaterias,
    cursadosGen.map((x) => ({ cursadoId: idCursado(x), materiaId: id(materiaId, x.materia) })),
  );
  await insertarEnLotes(
    tx,
    s.cursadosCursos,
    cursadosGen.map((x) => ({ cursadoId: idCursado(x), cursoId: id(cursoId, x.curso) })),
  );
  await insertarEnLotes(
    tx,
    s.cursadosDocentes,
    cursadosGen.map((x) => ({ cursadoId: idCursado(x), usuarioId: id(usuarioId, x.docente) })),
  );

  // Inscripciones: cada alumno a todos los cursados de su curso.
  const cursadosPorCurso = new Map<string, CursadoGen[]>();
  for (const x of cursadosGen)
    cursadosPorCurso.set(x.curso, [...(cursadosPorCurso.get(x.curso) ?? []), x]);
  await insertarEnLotes(
    tx,
    s.inscripciones,
    gen.alumnos.flatMap((a, i) =>
      (cursadosPorCurso.get(a.cursoClave) ?? []).map((x) => ({
        alumnoId: alumnoId[i]!,
        cursadoId: idCursado(x),
        materiaId: id(materiaId, x.materia),
      })),
    ),
  );

  // Configuración y calendario.
  // La cuota de la cooperadora: la de 2025 de la spec, la del ciclo y la del siguiente.
  const ciclosCuota = [...new Set([2025, ciclo, ciclo + 1])].filter((a) => a <= ciclo + 1);
  await insertarEnLotes(tx, s.configuracion, [
    { clave: 'escuela', valor: ESCUELA },
    ...ciclosCuota.map((a) => ({ clave: `cuota.${a}`, valor: CUOTA_COOPERADORA })),
  ]);
  const cal = (mes: number, dia: number, tipo: string, area: string) => ({
    fecha: fecha(ciclo, mes, dia),
    tipo,
    area,
  });
  await insertarEnLotes(tx, s.calendario, [
    // Notas: 1° y 2° cuatrimestre.
    ...fechasDeNotas(ciclo),
    // Avances (informes de dificultades), uno por cuatrimestre.
    cal(5, 4, 'apertura', 'avance'),
    cal(5, 15, 'cierre', 'avance'),
    cal(5, 22, 'publicacion', 'avance'),
    cal(9, 21, 'apertura', 'avance'),
    cal(10, 2, 'cierre', 'avance'),
    cal(10, 9, 'publicacion', 'avance'),
  ]);
}
