/** Una opción de una lista buscable (las búsquedas del servidor y las listas de las pantallas). */
export interface Opcion {
  id: number;
  etiqueta: string;
  detalle: string | null;
}
