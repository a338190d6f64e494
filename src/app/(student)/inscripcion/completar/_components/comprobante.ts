import {
  problemaDeComprobante,
  tipoDeComprobante,
  type TipoComprobante,
} from '@/domain/inscripcion';

/**
 * El tipo del comprobante por su contenido, en el navegador y con la misma función que el
 * servidor (`tipoDeComprobante`, sobre el archivo entero: la cabecera y lo que sigue): un archivo
 * que sólo se llama .pdf o .jpg se rechaza antes de pedir la declaración jurada, no después. El
 * formulario ya limitó el tamaño (10 MB).
 */
export async function tipoDelArchivo(archivo: Blob): Promise<TipoComprobante | null> {
  return tipoDeComprobante(new Uint8Array(await archivo.arrayBuffer()));
}

/**
 * Por qué no sirve el comprobante, con el mismo mensaje que respondería el servidor
 * (`inscribir.ts`), o null si sirve.
 */
export async function problemaDelComprobante(archivo: Blob): Promise<string | null> {
  return problemaDeComprobante(new Uint8Array(await archivo.arrayBuffer()));
}
