/** Texto y fechas para personas (es-AR): sin dependencias, lo usan servidor y pantallas. */

/** Minúsculas, sin tildes ni diéresis (la ñ queda n): para comparar y buscar. */
export function sinAcentos(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** 'AAAA-MM-DD' → 'DD/MM/AAAA'. */
export function fechaLegible(fecha: string): string {
  return `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}/${fecha.slice(0, 4)}`;
}

/** 'AAAA-MM-DD' → 'DD/MM'. */
export function diaYMes(fecha: string): string {
  return `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}`;
}

const formatos = new Map<number, Intl.NumberFormat>();

/**
 * Un número como se escribe en es-AR (coma decimal, punto de miles): 1,5 · 12.345 · 7,25. Sin
 * `decimales`, hasta dos y sin ceros de más (1,5 y no 1,50); con `decimales`, exactamente esos
 * (el promedio: 7,50). El único formateador de cantidades de las pantallas y de los textos del
 * dominio: nunca `String(n)` ni `toFixed` para mostrar un número.
 */
export function numero(n: number, decimales?: number): string {
  const clave = decimales ?? -1;
  let formato = formatos.get(clave);
  if (!formato) {
    formato = new Intl.NumberFormat(
      'es-AR',
      decimales == null
        ? { maximumFractionDigits: 2 }
        : { minimumFractionDigits: decimales, maximumFractionDigits: decimales },
    );
    formatos.set(clave, formato);
  }
  return formato.format(n);
}

/**
 * Una cantidad con su sustantivo en singular o plural: "1 alumno", "3 alumnos", "0 alumnos",
 * "1,5 inasistencias" (sólo 1 va en singular), con el número en es-AR (`numero`).
 */
export function cantidad(n: number, uno: string, varios: string): string {
  return `${numero(n)} ${n === 1 ? uno : varios}`;
}
