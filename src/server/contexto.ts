/**
 * El contexto de una petición: lo arma `contextoHttp` (o la prueba) y lo reciben el
 * procedimiento y cada función de servicio, siempre como primer argumento `(ctx, input)`.
 * "Hoy" y el ciclo vienen de acá: ningún servicio lee el reloj ni el entorno.
 */
import type { Sesion } from '@/server/auth/sesion';
import type { DbOTx } from '@/server/db';
import { consolaDeReportes, type ConsolaReportes } from '@/server/db/reportes';
import { momentoEscolar } from '@/server/reloj';

export interface Contexto {
  /** La base o, dentro de `transaccion(ctx, …)` (server/errores.ts), la transacción. */
  db: DbOTx;
  sesion: Sesion | null;
  /** Ciclo lectivo elegido en el selector (estado compartido). */
  ciclo: number;
  /** Hijo elegido por el referente en el selector de alumno, si hay. */
  hijo: number | null;
  /** El día escolar de la petición ('AAAA-MM-DD', zona de la escuela); las pruebas lo fijan. */
  hoy: string;
  /**
   * El instante de la petición en el reloj de la escuela (el de `hoy`; con SCHOOL_FIXED_DATE, esa
   * fecha a la hora real): para lo que se muestra como hora del día escolar, como la hora en
   * que se tomó la asistencia. Los vencimientos y la auditoría usan el reloj real.
   */
  ahora: Date;
  /** La zona horaria de la escuela (configuración), para quien deba mostrarla. */
  zona: string;
  ip: string | null;
  requestId: string;
  /**
   * Si el dispositivo está registrado como de administración (la cookie firmada de /bypass, con
   * su fila vigente en `dispositivos_admin`):
   * las herramientas de root lo exigen además del rol (permisos.ts, `dispositivoAdmin`).
   */
  dispositivoAdmin: boolean;
  /** El id del dispositivo de administración vigente (fila de `dispositivos_admin`), si hay. */
  dispositivoId: string | null;
  /**
   * La conexión propia de la consola de reportes de root (src/server/db/reportes.ts: ingresa con
   * el rol de sólo lectura), o por qué está apagada. Se abre al primer uso.
   */
  reportes: () => Promise<ConsolaReportes>;
}

/** El contexto de un procedimiento que exige sesión: el que reciben los servicios. */
export type Ctx = Contexto & { sesion: Sesion };

export function crearContexto(
  parcial: Partial<Contexto> & Pick<Contexto, 'db' | 'sesion'>,
): Contexto {
  const ahora = momentoEscolar();
  return {
    ciclo: ahora.ciclo,
    hijo: null,
    hoy: ahora.hoy,
    ahora: ahora.instante,
    zona: ahora.zona,
    ip: null,
    requestId: crypto.randomUUID(),
    dispositivoAdmin: false,
    reportes: consolaDeReportes,
    dispositivoId: null,
    ...parcial,
  };
}
