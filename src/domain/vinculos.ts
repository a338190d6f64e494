/**
 * El vínculo alumno–referente que declara el propio referente (spec 02 §2 "Declaro mi
 * vínculo…", §7 POST /api/alumnos/link/referentes; DESIGN §6 "Guardian links"; issue 31 §1):
 * nace pendiente y no abre ningún dato del alumno hasta que la escuela lo confirma, el referente
 * ingresa el CÓDIGO DE VINCULACIÓN que la escuela le entregó (impreso) o su email verificado de
 * Google es el que la escuela anotó. Los datos públicos del alumno (DNI, nombre, nacimiento) no
 * confirman nada: los conocen otras familias, el club y cada docente.
 *
 * El código: 10 caracteres de un alfabeto sin los que se confunden (sin 0/O ni 1/I), 32
 * símbolos → 50 bits; se muestra en dos grupos (`ABCDE-FGHJK`) y se lee sin importar
 * mayúsculas, espacios ni guiones. Los textos que comparten el servidor y las pantallas.
 */
import { sinAcentos } from './texto';

/** Los 32 símbolos del código: sin 0, 1, O ni I (se confunden al copiarlos del papel). */
export const ALFABETO_CODIGO = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Largo del código (sin el guion). */
export const LARGO_CODIGO = 10;
/** Bits de azar de un código: LARGO_CODIGO · log2(|alfabeto|). */
export const BITS_CODIGO = LARGO_CODIGO * Math.log2(ALFABETO_CODIGO.length);

/** Códigos equivocados por alumno (sumando todas las cuentas) en 24 h antes de bloquearse. */
export const MAXIMO_FALLOS_POR_ALUMNO = 5;
/** Códigos equivocados por cuenta (todos los alumnos) en 24 h antes de tener que esperar. */
export const MAXIMO_FALLOS_POR_CUENTA = 10;
/** Búsquedas de alumnos por cuenta en la ventana de `VENTANA_BUSQUEDAS_MINUTOS`. */
export const MAXIMO_BUSQUEDAS = 20;
export const VENTANA_BUSQUEDAS_MINUTOS = 10;
/** Resultados de la búsqueda de alumnos del referente (sólo nombres, sin el curso). */
export const MAXIMO_RESULTADOS_BUSQUEDA = 5;
/** Letras mínimas de cada palabra buscada. */
export const MINIMO_LETRAS_BUSQUEDA = 3;
/** Días durante los que los demás referentes ven el aviso de un referente nuevo. */
export const DIAS_AVISO_REFERENTE_NUEVO = 30;

export const PENDIENTE_DE_CONFIRMACION = 'Pendiente de confirmación por la escuela';
export const CODIGO_INVALIDO =
  'El código de vinculación tiene 10 letras y números, como ABCDE-FGHJK (sin 0, 1, I ni O).';
export const CODIGO_NO_COINCIDE =
  'El código de vinculación no es el de ese alumno. Revise el papel que le entregó la escuela.';
export const CODIGO_BLOQUEADO =
  'El código de vinculación de este alumno quedó bloqueado por demasiados intentos equivocados. Comuníquese con la escuela (preceptoría o Alumnado) para que lo desbloqueen o le den uno nuevo.';
export const DEMASIADOS_INTENTOS_CODIGO =
  'Demasiados códigos equivocados desde su cuenta. Vuelva a intentarlo mañana o pida a la escuela que confirme el vínculo.';
export const VINCULO_PENDIENTE =
  'Ya declaró su vínculo con ese alumno: falta la confirmación de la escuela (o ingrese el código de vinculación).';
export const DNI_NO_CONFIRMA =
  'El DNI del alumno ya no confirma el vínculo: envíe el código de vinculación que entrega la escuela (campo codigo) o espere la confirmación de la escuela.';
export const DEMASIADAS_BUSQUEDAS = `Hizo demasiadas búsquedas seguidas. Espere ${VENTANA_BUSQUEDAS_MINUTOS} minutos y vuelva a intentarlo.`;
export const BUSQUEDA_CORTA = `Escriba el apellido o el nombre completo del alumno (al menos ${MINIMO_LETRAS_BUSQUEDA} letras).`;

/** Los errores del código que la pantalla muestra junto al campo (los demás, como aviso). */
export const ERRORES_DEL_CODIGO: readonly string[] = [
  CODIGO_INVALIDO,
  CODIGO_NO_COINCIDE,
  CODIGO_BLOQUEADO,
  DEMASIADOS_INTENTOS_CODIGO,
];

/** Lo que explica la declaración del vínculo: qué cambia con el código. */
export const AYUDA_CODIGO =
  'Con el código de vinculación que le entregó la escuela el vínculo queda confirmado en el momento. Sin él, la escuela lo confirma antes de que pueda ver sus datos e inscribirlo.';

/** El aviso de un vínculo declarado que espera a la escuela. */
export const vinculoPendiente = (alumno: string) =>
  `${alumno}: el vínculo quedó pendiente de confirmación por la escuela.`;

/** El aviso a los referentes ya confirmados: "Nuevo referente vinculado: Apellido, Nombre, el dd/mm". */
export function avisoReferenteNuevo(
  r: { apellido: string; nombre: string },
  fecha: string,
  alumno?: string,
) {
  const [, mes, dia] = fecha.split('-');
  const de = alumno ? ` (de ${alumno})` : '';
  return `Nuevo referente vinculado${de}: ${r.apellido}, ${r.nombre}, el ${dia}/${mes}`;
}

/**
 * Un código nuevo con `azar(n)` (un entero uniforme en [0, n)): en el servidor,
 * `crypto.randomInt`; en la siembra de demostración, un generador con semilla.
 */
export function generarCodigo(azar: (n: number) => number): string {
  let codigo = '';
  for (let i = 0; i < LARGO_CODIGO; i++) codigo += ALFABETO_CODIGO[azar(ALFABETO_CODIGO.length)];
  return codigo;
}

/** El código como se muestra e imprime: `ABCDE-FGHJK`. */
export function formatearCodigo(codigo: string): string {
  const mitad = LARGO_CODIGO / 2;
  return `${codigo.slice(0, mitad)}-${codigo.slice(mitad)}`;
}

/**
 * El código que escribió una persona, como se guarda (sin guiones ni espacios, en mayúsculas),
 * o null si no puede ser un código (largo distinto o un símbolo fuera del alfabeto).
 */
export function normalizarCodigo(texto: string): string | null {
  const limpio = texto.toUpperCase().replace(/[\s\-–—_.]/g, '');
  if (limpio.length !== LARGO_CODIGO) return null;
  for (const c of limpio) if (!ALFABETO_CODIGO.includes(c)) return null;
  return limpio;
}

/**
 * Las palabras de una búsqueda de alumnos del referente (sin acentos, minúsculas), o null si
 * alguna tiene menos de `MINIMO_LETRAS_BUSQUEDA` letras o no hay ninguna: la búsqueda sólo
 * encuentra palabras enteras del apellido o del nombre (no es una herramienta para recorrer la
 * lista de alumnos).
 */
export function palabrasDeBusqueda(q: string): string[] | null {
  const palabras = sinAcentos(q)
    .split(/[^a-z]+/)
    .filter(Boolean);
  if (!palabras.length || palabras.length > 4) return null;
  if (palabras.some((p) => [...p].length < MINIMO_LETRAS_BUSQUEDA)) return null;
  return palabras;
}

/** Los pasos del papelito que la escuela entrega a la familia con el código. */
export const PASOS_PAPELITO = [
  'Ingrese al portal de la escuela con su cuenta de Google y abra Inscripción (complete sus datos si se los pide).',
  'Busque al alumno por su apellido o su nombre y toque su nombre: "Declaro mi vínculo de referente parental…".',
  'Escriba este código en "Código de vinculación" y toque Continuar: el vínculo queda confirmado en el momento.',
] as const;
export const CUIDADO_PAPELITO =
  'Guarde este papel: quien tenga el código puede vincularse con el alumno. Si lo pierde o lo vio otra persona, pida uno nuevo en preceptoría.';

/** Un hijo del referente que inició sesión (vínculo confirmado), con su curso del ciclo. */
export interface Hijo {
  id: number;
  nombre: string;
  apellido: string;
  curso: string | null;
}
