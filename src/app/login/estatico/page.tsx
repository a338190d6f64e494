import { config } from '@/server/config';
import { varianteDeIngreso } from '@/server/login-estatico';
import { TarjetaIngreso } from '../TarjetaIngreso';

export const metadata = { title: 'Ingresar' };
export const dynamic = 'force-static';

/**
 * /login prerenderizado al compilar (issue 37 §2): lo que ve quien llega sin sesión y sin
 * `?error`. Nadie lo pide por esta dirección: el servidor reescribe GET /login hacia aquí si la
 * configuración con que arrancó es la misma con que se compiló (src/server/login-estatico.ts), y
 * manda un pedido directo a /login/estatico a /login.
 */
export default function LoginEstatico() {
  const c = config();
  return (
    <TarjetaIngreso
      mensaje={null}
      demo={c.ingresoDemo}
      google={c.google != null}
      variante={varianteDeIngreso(c)}
    />
  );
}
