/** Tipos mínimos de autocannon 9 (el paquete no trae los suyos): sólo lo que usan run.ts y notas.ts. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      /** Segundos. */
      duration?: number;
      headers?: Record<string, string>;
      /** Segundos. */
      timeout?: number;
      method?: string;
      body?: string;
      /** Secuencia de peticiones de cada conexión; `setupRequest` puede cambiar cada una. */
      requests?: Request[];
      /** Se llama con cada conexión (Client) al crearla, antes de su primera petición. */
      setupClient?: (client: Client) => void;
    }

    interface Request {
      method?: string;
      path?: string;
      body?: string;
      headers?: Record<string, string>;
      setupRequest?: (req: RequestParams) => RequestParams;
    }

    /** Una conexión: `setRequests` reemplaza su secuencia de peticiones (sólo la suya). */
    interface Client {
      setRequests(requests: Request[]): void;
    }

    interface RequestParams {
      method?: string;
      path?: string;
      body?: string;
      headers?: Record<string, string>;
    }

    interface Histogram {
      average: number;
      mean: number;
      min: number;
      max: number;
      p50: number;
      p97_5: number;
      p99: number;
    }

    interface Result {
      requests: Histogram & { total: number; sent: number };
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats: Record<string, { count: number }>;
      duration: number;
    }

    interface Instance extends EventEmitter {
      /** statusCode, bytes y latencia (ms, con decimales) de cada respuesta. */
      on(
        evento: 'response',
        oyente: (
          client: unknown,
          statusCode: number,
          resBytes: number,
          responseTime: number,
        ) => void,
      ): this;
      stop(): void;
    }
  }

  function autocannon(
    opts: autocannon.Options,
    cb: (err: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;

  export = autocannon;
}
