/**
 * Un ZIP que se arma mientras se manda (issue 34 §3): archiver escribe en un flujo de Node y el
 * navegador lo recibe por un ReadableStream web que pide de a un trozo. Nunca está entero en
 * memoria: las entradas se agregan de a una (la siguiente recién cuando terminó la anterior) y
 * cada entrada es un generador que lee la base sólo cuando el ZIP pide más. Si el navegador
 * corta la descarga, `cancelada` lo avisa y la entrada en curso se abandona.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';

export const CANCELADA = 'La descarga se canceló.';

export class ZipEnStream {
  private readonly zip = new ZipArchive({ zlib: { level: 6 }, highWaterMark: 256 * 1024 });
  private readonly corte = new AbortController();
  /** El cuerpo de la respuesta. */
  readonly cuerpo: ReadableStream<Uint8Array>;
  /** Bytes del ZIP escritos hasta ahora. */
  get bytes(): number {
    return this.zip.pointer();
  }

  constructor(private readonly fecha = new Date()) {
    const trozos = this.zip[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    this.zip.on('error', (e) => this.cortar(e));
    this.cuerpo = new ReadableStream<Uint8Array>(
      {
        pull: async (c) => {
          try {
            const r = await trozos.next();
            if (r.done) c.close();
            else c.enqueue(new Uint8Array(r.value.buffer, r.value.byteOffset, r.value.length));
          } catch (e) {
            c.error(e);
          }
        },
        cancel: () => {
          this.cortar(new Error(CANCELADA));
        },
      },
      // Un trozo por delante, no más: lo que no lee el navegador no se produce.
      { highWaterMark: 1 },
    );
  }

  get cancelada(): boolean {
    return this.corte.signal.aborted;
  }

  /** Corta todo: el navegador canceló o la producción falló. */
  cortar(motivo: unknown) {
    if (this.corte.signal.aborted) return;
    this.corte.abort(motivo);
    this.zip.abort();
    this.zip.destroy(motivo instanceof Error ? motivo : new Error(String(motivo)));
  }

  private exigirVigente() {
    if (this.corte.signal.aborted) throw this.corte.signal.reason;
  }

  /**
   * Agrega una entrada y espera a que el ZIP la haya escrito entera (o que se corte). `store`: sin
   * comprimir (archivos subidos: ya vienen comprimidos, o son fotos y PDF).
   */
  async agregar(
    nombre: string,
    fuente: Buffer | string | AsyncIterable<Buffer>,
    store = false,
  ): Promise<void> {
    this.exigirVigente();
    const flujo =
      typeof fuente === 'string' || Buffer.isBuffer(fuente)
        ? fuente
        : Readable.from(fuente, { objectMode: false, highWaterMark: 64 * 1024 });
    await new Promise<void>((resolver, rechazar) => {
      const senal = this.corte.signal;
      const listo = () => {
        limpiar();
        resolver();
      };
      const cortado = () => {
        limpiar();
        if (typeof flujo !== 'string' && !Buffer.isBuffer(flujo)) flujo.destroy();
        rechazar(senal.reason);
      };
      const fallo = (e: unknown) => {
        this.cortar(e);
        cortado();
      };
      const limpiar = () => {
        this.zip.off('entry', listo);
        senal.removeEventListener('abort', cortado);
        if (typeof flujo !== 'string' && !Buffer.isBuffer(flujo)) flujo.off('error', fallo);
      };
      this.zip.once('entry', listo);
      senal.addEventListener('abort', cortado, { once: true });
      if (typeof flujo !== 'string' && !Buffer.isBuffer(flujo)) flujo.once('error', fallo);
      this.zip.append(flujo, { name: nombre, date: this.fecha, store });
    });
  }

  /** Escribe el directorio central y cierra el ZIP. */
  async terminar(): Promise<void> {
    this.exigirVigente();
    await this.zip.finalize();
  }
}

/** Pasa trozos y calcula su sha256 y su tamaño al pasar (`resumen()` al terminar). */
export function conHuella(fuente: AsyncIterable<Buffer>) {
  const hash = createHash('sha256');
  let bytes = 0;
  let hex: string | null = null;
  async function* trozos() {
    for await (const t of fuente) {
      hash.update(t);
      bytes += t.length;
      yield t;
    }
    hex = hash.digest('hex');
  }
  return { trozos: trozos(), resumen: () => ({ sha256: hex, bytes }) };
}
