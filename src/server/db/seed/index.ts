/**
 * La escuela de demostración (`npm run db:seed`): seis años, 18 cursos, ~30 alumnos por
 * curso con sus referentes, docentes, preceptores, materias, cursados e inscripciones del
 * ciclo lectivo, y un usuario de demostración por rol (src/server/db/demo.ts); la vida
 * escolar y las notas hasta `hoy`, la inscripción anual y el año anterior.
 *
 *   aleatorio.ts     el generador con semilla y sus elecciones (uno para toda la semilla)
 *   lotes.ts         el insertador por lotes
 *   nombres.ts       apellidos y nombres · estructura.ts  departamentos, cursos, materias
 *   personas.ts      personal, alumnos y familias (sin base) · escuela.ts  los escribe
 *   vida-escolar.ts  asistencias, reincorporaciones y medidas · notas.ts  notas del ciclo
 *   inscripcion.ts   inscripción anual · historia.ts  el año anterior
 *   horarios.ts      los bloques de cada cursado del ciclo · cronograma.ts  feriados y evaluaciones
 *   avances.ts       las planillas de avances de las instancias ya cerradas
 *   mesas.ts         las mesas del año anterior (de las actas del historial) y las de diciembre
 *   jornada.ts       las actividades de la jornada cultural y deportiva y parte anotada
 *   gimnasia.ts      las opciones de gimnasia electiva de la mitad de 5° año
 *   pics.ts          las fechas de PIC del calendario y las PIC de los cuatrimestres ya cargados
 *   avisos.ts        los avisos de la campana de referente.demo y alumno.demo
 *   comunicados.ts   un comunicado de la Regencia al curso de referente.demo, con confirmación
 *   cli.ts           la línea de comandos (lee la configuración y el reloj)
 *
 * Determinística: los mismos `{ ciclo, hoy }` dan los mismos datos. No lee el reloj ni el
 * entorno. Sólo siembra si la base no tiene usuarios, todo en una transacción.
 */
import { count, sql } from 'drizzle-orm';
import type { Db } from '../index';
import * as s from '../schema';
import { sembrarCodigos } from './codigos';
import { sembrarComunicados } from './comunicados';
import { sembrarEscuela } from './escuela';
import { sembrarHistorial } from './historia';
import { sembrarHorarios } from './horarios';
import { sembrarCronograma } from './cronograma';
import { sembrarAvances } from './avances';
import { sembrarAvisos } from './avisos';
import { sembrarInscripcion } from './inscripcion';
import { sembrarGimnasia } from './gimnasia';
import { sembrarJornada } from './jornada';
import { sembrarMesas } from './mesas';
import { sembrarNotas } from './notas';
import { sembrarPics } from './pics';
import { sembrarVidaEscolar } from './vida-escolar';

/** Clave del candado de la siembra (dos procesos arrancando a la vez). */
const CANDADO_SIEMBRA = 727_002;

export interface OpcionesSiembra {
  /** El ciclo lectivo en curso. */
  ciclo: number;
  /** El día escolar ('AAAA-MM-DD'): asistencias hasta el día anterior, notas ya cargadas. */
  hoy: string;
  /**
   * El instante de la siembra: ningún dato sembrado dice haber pasado después (issue 32 §8: la
   * asistencia de hoy no figura tomada a una hora que todavía no llegó). Lo da quien siembra.
   */
  ahora: Date;
}

/**
 * Siembra la escuela de demostración si la base no tiene usuarios.
 * Idempotente: en una base con datos no cambia nada y devuelve `creado: false`.
 */
export async function sembrar(db: Db, opciones: OpcionesSiembra): Promise<{ creado: boolean }> {
  const { ciclo, hoy, ahora } = opciones;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CANDADO_SIEMBRA})`);
    const [fila] = await tx.select({ n: count() }).from(s.usuarios);
    if ((fila?.n ?? 0) > 0) return { creado: false };
    await sembrarEscuela(tx, ciclo);
    await sembrarCodigos(tx);
    await sembrarHorarios(tx, ciclo);
    await sembrarCronograma(tx, { ciclo, hoy });
    await sembrarVidaEscolar(tx, { ciclo, hoy, ahora });
    await sembrarInscripcion(tx, { ciclo });
    await sembrarNotas(tx, { ciclo, hoy });
    await sembrarAvances(tx, { ciclo, hoy });
    await sembrarPics(tx, { ciclo, hoy });
    await sembrarHistorial(tx, ciclo);
    await sembrarMesas(tx, { ciclo, hoy });
    await sembrarJornada(tx, { ciclo });
    await sembrarGimnasia(tx, { ciclo });
    await sembrarAvisos(tx, { ciclo, hoy, ahora });
    await sembrarComunicados(tx, { ciclo, ahora });
    return { creado: true };
  });
}
