/** Lo mínimo de oidc-provider (v9, sin tipos propios) que usa el emisor de pruebas (oidc.ts). */
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  export interface Cuenta {
    accountId: string;
    claims: (uso: string, scope: string) => Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(
      emisor: string,
      configuracion: Record<string, unknown> & {
        findAccount?: (ctx: unknown, sub: string) => Promise<Cuenta | undefined>;
      },
    );
    listen(puerto: number, host: string, listo?: () => void): Server;
    on(evento: string, oyente: (...argumentos: never[]) => void): this;
  }
}
