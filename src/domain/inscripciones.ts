/**
 * Inscripciones a cursados y promoción de curso: la lista editable del panel de cursos
 * (sin cambios / agregado / quitado), los cambios que se envían a PUT /cursados/inscripciones,
 * la regla "primero un curso" y el curso siguiente al promover
 * (spec 01 §2 Student and guardian management, §4, §5, §7, §8).
 */
import { ULTIMO_ANIO_BASICO, type CursoNombrable } from './escuela';

export const ERROR_VINCULAR_CURSO = 'No se pudo vincular el alumno al curso';
export const ERROR_VINCULAR_CURSADOS = 'No se pudo vincular el alumno a los cursados';

// ---------------------------------------------------------------------------
// Primero un curso (spec 01 §5)

/**
 * Para inscribirse en cursados el alumno debe estar en un curso (spec 01 §5): recibe el id del
 * curso del alumno en el ciclo lectivo, o null/undefined si no tiene.
 */
export function puedeInscribirse(cursoId: number | null | undefined): boolean {
  return typeof cursoId === 'number' && Number.isInteger(cursoId) && cursoId > 0;
}

// ---------------------------------------------------------------------------
// Lista editable (spec 01 §4)

export interface CursadoInscribible {
  cursadoId: number;
  /** Ids de las materias permitidas, en el orden en que se reciben; la inscripción usa la primera. */
  materiasPermitidas: readonly number[];
}

/** La materia con la que se inscribe en un cursado: la primera permitida (spec 01 §5); null si no hay. */
export function primeraMateria(cursado: CursadoInscribible): number | null {
  return cursado.materiasPermitidas[0] ?? null;
}

export type EstadoItemInscripcion = 'sinCambios' | 'agregado' | 'quitado';

export interface ItemInscripcion<C extends CursadoInscribible = CursadoInscribible> {
  cursado: C;
  /** La materia de la inscripción: la guardada, o la primera permitida si es agregada. */
  materiaId: number;
  estado: EstadoItemInscripcion;
}

/** Una inscripción guardada: el cursado y, si se conoce, la materia por la que está inscripto. */
export interface InscripcionGuardada<C extends CursadoInscribible = CursadoInscribible> {
  cursado: C;
  materiaId?: number | null;
}

/**
 * La lista inicial: cada inscripción guardada "sin cambios". Si no se conoce la materia se usa
 * la primera permitida; las que no tienen ninguna quedan afuera (no hay con qué desinscribirlas).
 */
export function listaInicial<C extends CursadoInscribible>(
  inscripciones: readonly InscripcionGuardada<C>[],
): ItemInscripcion<C>[] {
  const lista: ItemInscripcion<C>[] = [];
  for (const i of inscripciones) {
    if (lista.some((x) => x.cursado.cursadoId === i.cursado.cursadoId)) continue;
    const materiaId = i.materiaId ?? primeraMateria(i.cursado);
    if (materiaId != null) lista.push({ cursado: i.cursado, materiaId, estado: 'sinCambios' });
  }
  return lista;
}

export type AccionInscripciones<C extends CursadoInscribible = CursadoInscribible> =
  | { accion: 'alternar'; cursadoId: number }
  | { accion: 'agregar'; cursado: C }
  | { accion: 'cargar'; inscripciones: readonly InscripcionGuardada<C>[] };

/**
 * El reductor de la lista (spec 01 §4):
 * - alternar un agregado lo saca de la lista; uno quitado vuelve a "sin cambios";
 *   uno sin cambios pasa a quitado; un cursado que no está en la lista no cambia nada;
 * - agregar un cursado que no está lo agrega como "agregado" con su primera materia permitida
 *   (si no tiene ninguna no se agrega); agregar uno quitado lo restaura; uno ya presente no cambia;
 * - cargar reemplaza la lista por las inscripciones guardadas.
 */
export function reducirInscripciones<C extends CursadoInscribible>(
  lista: readonly ItemInscripcion<C>[],
  accion: AccionInscripciones<C>,
): ItemInscripcion<C>[] {
  switch (accion.accion) {
    case 'cargar':
      return listaInicial(accion.inscripciones);
    case 'alternar':
      return lista.flatMap((item) => {
        if (item.cursado.cursadoId !== accion.cursadoId) return [item];
        if (item.estado === 'agregado') return [];
        return [{ ...item, estado: item.estado === 'quitado' ? 'sinCambios' : 'quitado' }];
      });
    case 'agregar': {
      const existente = lista.find((i) => i.cursado.cursadoId === accion.cursado.cursadoId);
      if (existente) {
        return lista.map((i) =>
          i === existente && i.estado === 'quitado' ? { ...i, estado: 'sinCambios' } : i,
        );
      }
      const materiaId = primeraMateria(accion.cursado);
      if (materiaId == null) return [...lista];
      return [...lista, { cursado: accion.cursado, materiaId, estado: 'agregado' }];
    }
  }
}

/** Los cursados disponibles que todavía no están en la lista (los quitados se restauran alternándolos). */
export function cursadosAgregables<C extends CursadoInscribible>(
  lista: readonly ItemInscripcion[],
  disponibles: readonly C[],
): C[] {
  const enLista = new Set(lista.map((i) => i.cursado.cursadoId));
  return disponibles.filter((c) => !enLista.has(c.cursadoId) && primeraMateria(c) != null);
}

export interface CambioInscripcion {
  action: 'set' | 'unset';
  alumnoId: number;
  cursadoId: number;
  materiaId: number;
}

/**
 * Los cambios para PUT /cursados/inscripciones (spec 01 §7): 'set' por cada agregado y 'unset'
 * por cada quitado, en el orden de la lista; los "sin cambios" no se envían.
 */
export function cambiosInscripcion(
  alumnoId: number,
  lista: readonly ItemInscripcion[],
): CambioInscripcion[] {
  return lista.flatMap((i): CambioInscripcion[] => {
    if (i.estado === 'sinCambios') return [];
    return [
      {
        action: i.estado === 'agregado' ? 'set' : 'unset',
        alumnoId,
        cursadoId: i.cursado.cursadoId,
        materiaId: i.materiaId,
      },
    ];
  });
}

export function hayCambiosInscripcion(lista: readonly ItemInscripcion[]): boolean {
  return lista.some((i) => i.estado !== 'sinCambios');
}

// ---------------------------------------------------------------------------
// Promoción de curso ("Promover estudiantes de curso y autoinscribir", spec 01 §2)

export const ULTIMO_ANIO = 6;

export type Promocion<C extends CursoNombrable> =
  /** Pasa al curso indicado. */
  | { resultado: 'promueve'; curso: C }
  /** Terminó 6°: egresa, no tiene curso siguiente. */
  | { resultado: 'egresa' }
  /**
   * No se puede determinar el curso: de 3° a 4° sin especialidad elegida (o ambigua), o la
   * especialidad tiene varias divisiones. Lo asigna Alumnado a mano.
   */
  | { resultado: 'asignaAlumnado' }
  /** El curso que corresponde no existe en la lista. */
  | { resultado: 'sinCurso' };

/**
 * El curso del año siguiente:
 * - 1° → 2° → 3°: la misma división.
 * - 3° → 4°: un curso de la especialidad; con `especialidadElegida` se busca esa especialidad
 *   (y, si tiene varias divisiones, la misma división); sin ella sólo se decide si hay un único
 *   curso de 4°. Si no, lo asigna Alumnado.
 * - 4° → 5° → 6°: la misma especialidad (si tiene varias divisiones, la misma división).
 * - 6°: egresa.
 * `cursos` puede traer cursos de cualquier año; sólo se miran los del año siguiente.
 * Lanza con un año fuera de 1 a 6.
 */
export function promocion<C extends CursoNombrable>(
  actual: CursoNombrable,
  cursos: readonly C[],
  especialidadElegida?: string | null,
): Promocion<C> {
  if (!Number.isInteger(actual.anio) || actual.anio < 1 || actual.anio > ULTIMO_ANIO) {
    throw new Error(`Año inválido: ${actual.anio}`);
  }
  if (actual.anio === ULTIMO_ANIO) return { resultado: 'egresa' };
  const siguientes = cursos.filter((c) => c.anio === actual.anio + 1);

  if (actual.anio < ULTIMO_ANIO_BASICO) {
    const curso = siguientes.find((c) => c.division === actual.division);
    return curso ? { resultado: 'promueve', curso } : { resultado: 'sinCurso' };
  }

  const especialidad =
    actual.anio === ULTIMO_ANIO_BASICO ? especialidadElegida : actual.especialidad;
  if (!especialidad) {
    const unico =
      actual.anio === ULTIMO_ANIO_BASICO && siguientes.length === 1 ? siguientes[0] : undefined;
    if (unico) return { resultado: 'promueve', curso: unico };
    return siguientes.length === 0 ? { resultado: 'sinCurso' } : { resultado: 'asignaAlumnado' };
  }
  const deLaEspecialidad = siguientes.filter((c) => c.especialidad === especialidad);
  if (deLaEspecialidad.length === 0) return { resultado: 'sinCurso' };
  if (deLaEspecialidad.length === 1) return { resultado: 'promueve', curso: deLaEspecialidad[0]! };
  const mismaDivision = deLaEspecialidad.find((c) => c.division === actual.division);
  return mismaDivision
    ? { resultado: 'promueve', curso: mismaDivision }
    : { resultado: 'asignaAlumnado' };
}

/** El curso siguiente, o null si egresa o no se puede determinar (ver `promocion`). */
export function cursoSiguiente<C extends CursoNombrable>(
  actual: CursoNombrable,
  cursos: readonly C[],
  especialidadElegida?: string | null,
): C | null {
  const p = promocion(actual, cursos, especialidadElegida);
  return p.resultado === 'promueve' ? p.curso : null;
}
