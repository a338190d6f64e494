/**
 * La semana de la escuela y los horarios de los cursados (spec 01 §2 Timetables, §3 Cursado
 * horarios, §5 Teaching and timetable, §9): 16 bloques por día de lunes a sábado, de 07:30 a
 * 18:50 (17 filas con la del encabezado). Un cursado no recibe más bloques que sus horas; el
 * domingo no está en la grilla y la tarde del sábado está bloqueada. Mientras se edita, la grilla
 * muestra los choques con otros cursados del ciclo: el mismo docente o el mismo curso en un
 * bloque no se puede guardar; la misma aula es un aviso.
 */
export const BLOQUES_POR_DIA = 16;
export const DIAS_DE_LA_SEMANA = 6;
export const HORA_INICIO = '07:30';
export const HORA_FIN = '18:50';

/** Días de la grilla: 1 lunes … 6 sábado (el domingo, 7, no tiene bloques). */
export const DIAS = [1, 2, 3, 4, 5, 6] as const;
export type Dia = (typeof DIAS)[number];
export const NOMBRE_DIA: Readonly<Record<number, string>> = {
  1: 'Lunes',
  2: 'Martes',
  3: 'Miércoles',
  4: 'Jueves',
  5: 'Viernes',
  6: 'Sábado',
  7: 'Domingo',
};

/**
 * Inicio y fin de cada bloque: módulos de 40 minutos con cuatro recreos de 10 (después del 3°,
 * 6°, 10° y 13° bloque): 16 × 40 + 4 × 10 = 680 minutos, de 07:30 a 18:50. Mañana: bloques 1 a 6
 * (hasta las 11:50, como el turno de spec 01 §9); tarde: 7 a 16.
 */
const RECREO_DESPUES_DE = new Set([3, 6, 10, 13]);
const DURACION = 40;
const RECREO = 10;

const aMinutos = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const aHora = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export interface Bloque {
  bloque: number;
  inicio: string;
  fin: string;
  turno: 'Mañana' | 'Tarde';
}

export const BLOQUES: readonly Bloque[] = (() => {
  const lista: Bloque[] = [];
  let m = aMinutos(HORA_INICIO);
  for (let b = 1; b <= BLOQUES_POR_DIA; b++) {
    const inicio = m;
    const fin = m + DURACION;
    lista.push({
      bloque: b,
      inicio: aHora(inicio),
      fin: aHora(fin),
      turno: fin <= aMinutos('11:50') ? 'Mañana' : 'Tarde',
    });
    m = fin + (RECREO_DESPUES_DE.has(b) ? RECREO : 0);
  }
  return lista;
})();

/** ¿Está el bloque bloqueado? El domingo entero y la tarde del sábado. */
export function bloqueBloqueado(dia: number, bloque: number): boolean {
  if (dia === 7) return true;
  return dia === 6 && BLOQUES[bloque - 1]?.turno === 'Tarde';
}

/** ¿Está (día, bloque) dentro de la grilla? */
export const enLaGrilla = (dia: number, bloque: number) =>
  Number.isInteger(dia) &&
  Number.isInteger(bloque) &&
  dia >= 1 &&
  dia <= 7 &&
  bloque >= 1 &&
  bloque <= BLOQUES_POR_DIA;

export interface BloqueDeCursado {
  dia: number;
  bloque: number;
  aula: string | null;
}

export const NO_HAY_HORARIOS_PARA_GUARDAR = 'No hay horarios para guardar';
export const NO_HAY_CURSO_SELECCIONADO = 'No hay curso seleccionado';
export const NO_HAY_HORARIOS = 'No hay horarios';

/** Los problemas de los bloques de un cursado (vacío si se pueden guardar). */
export function problemasDeBloques(bloques: readonly BloqueDeCursado[], horas: number): string[] {
  const problemas: string[] = [];
  const vistos = new Set<string>();
  for (const b of bloques) {
    const nombre = `${NOMBRE_DIA[b.dia] ?? `día ${b.dia}`} ${b.bloque}`;
    if (!enLaGrilla(b.dia, b.bloque))
      problemas.push(`El bloque ${nombre} está fuera de la grilla.`);
    else if (bloqueBloqueado(b.dia, b.bloque))
      problemas.push(
        b.dia === 7
          ? 'El domingo no tiene bloques.'
          : `El bloque ${nombre} es del sábado a la tarde: está bloqueado.`,
      );
    const k = `${b.dia}-${b.bloque}`;
    if (vistos.has(k)) problemas.push(`El bloque ${nombre} está repetido.`);
    vistos.add(k);
  }
  if (bloques.length > horas)
    problemas.push(
      `El cursado tiene ${horas === 1 ? '1 hora semanal' : `${horas} horas semanales`}: no puede tener ${bloques.length} bloques.`,
    );
  return problemas;
}

// ---------------------------------------------------------------------------
// Choques con otros cursados del ciclo

export type TipoChoque = 'docente' | 'curso' | 'aula';

export interface OcupacionAjena {
  cursadoId: number;
  cursado: string;
  dia: number;
  bloque: number;
  aula: string | null;
  docentes: readonly { id: number; nombre: string }[];
  cursos: readonly { id: number; nombre: string }[];
}

export interface Choque {
  dia: number;
  bloque: number;
  tipo: TipoChoque;
  /** Un choque de docente o de curso impide guardar; el de aula es un aviso. */
  bloquea: boolean;
  mensaje: string;
}

const aulaNormal = (a: string | null) => (a ?? '').trim().toLocaleLowerCase('es');

/**
 * Los choques de los bloques de un cursado (con sus docentes y cursos) con lo que ocupan los
 * demás cursados del ciclo en los mismos bloques: el mismo docente, el mismo curso (bloquean) o
 * la misma aula (aviso).
 */
export function choquesDeHorario(
  propio: {
    bloques: readonly BloqueDeCursado[];
    docentes: readonly number[];
    cursos: readonly number[];
  },
  ajenos: readonly OcupacionAjena[],
): Choque[] {
  const choques: Choque[] = [];
  const porBloque = new Map<string, OcupacionAjena[]>();
  for (const o of ajenos) {
    const k = `${o.dia}-${o.bloque}`;
    porBloque.set(k, [...(porBloque.get(k) ?? []), o]);
  }
  for (const b of propio.bloques) {
    const donde = `${NOMBRE_DIA[b.dia]} ${BLOQUES[b.bloque - 1]?.inicio ?? b.bloque}`;
    for (const o of porBloque.get(`${b.dia}-${b.bloque}`) ?? []) {
      for (const d of o.docentes.filter((x) => propio.docentes.includes(x.id)))
        choques.push({
          dia: b.dia,
          bloque: b.bloque,
          tipo: 'docente',
          bloquea: true,
          mensaje: `${donde}: ${d.nombre} ya da ${o.cursado}.`,
        });
      for (const c of o.cursos.filter((x) => propio.cursos.includes(x.id)))
        choques.push({
          dia: b.dia,
          bloque: b.bloque,
          tipo: 'curso',
          bloquea: true,
          mensaje: `${donde}: ${c.nombre} ya tiene ${o.cursado}.`,
        });
      if (aulaNormal(b.aula) && aulaNormal(b.aula) === aulaNormal(o.aula))
        choques.push({
          dia: b.dia,
          bloque: b.bloque,
          tipo: 'aula',
          bloquea: false,
          mensaje: `${donde}: el aula ${b.aula!.trim()} ya la usa ${o.cursado}.`,
        });
    }
  }
  return choques;
}
