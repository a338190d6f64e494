/** Qué formas de ingreso están activas según la configuración (sin dependencias: se prueba sola). */

/** "Ingresar como": activo con AUTH_DEV_LOGIN=true, o en `next dev` si no se dice otra cosa. Nunca por defecto en producción. */
export function ingresoDemoActivo(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.AUTH_DEV_LOGIN;
  if (v != null && v !== '') return v === 'true';
  return env.NODE_ENV === 'development';
}

export function googleConfigurado(env: NodeJS.ProcessEnv = process.env): boolean {
  return !!env.AUTH_GOOGLE_ID && !!env.AUTH_GOOGLE_SECRET;
}
