import Link from 'next/link';
import { Pendiente } from '@/components/ui/Pendiente';
import { Encabezado } from '@/components/vistas/Encabezado';
import vistas from '@/components/vistas/vistas.module.css';
import { leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { contexto, servidor } from '@/trpc/server';
import css from './comunicados.module.css';
import { cuando } from './formato';

export const metadata = { title: 'Comunicados' };

/**
 * /comunicados-externo (issue 35 §4): los comunicados de la escuela dirigidos a la familia o al
 * alumno, los más nuevos primero; los que no abrió, marcados. HTML del servidor (el teléfono).
 */
export default async function ComunicadosExterno() {
  await requerirModulo('/comunicados-externo');
  const { zona } = await contexto();
  const r = await leerOMensaje(async () => (await servidor()).comunicados.mios());
  return (
    <div className={`${vistas.pila} ${vistas.angosta}`}>
      <Encabezado titulo="Comunicados" mensaje={r.mensaje} />
      {r.datos && r.datos.length === 0 && (
        <p className={vistas.atenuado}>La escuela todavía no le envió comunicados.</p>
      )}
      {r.datos && r.datos.length > 0 && (
        <ul className={vistas.lista} aria-label="Comunicados de la escuela">
          {r.datos.map((c) => (
            <li key={c.id}>
              <Link
                href={`/comunicados-externo/${c.id}`}
                className={`${css.enlace} ${vistas.tarjeta} ${c.leido ? '' : css.nuevo}`}
                data-testid="comunicado"
              >
                <span className={vistas.fila}>
                  <span className={vistas.fuerte}>{c.titulo}</span>
                  <span className={vistas.grupo}>
                    {!c.leido && <span className={`${vistas.insignia} ${css.azul}`}>Nuevo</span>}
                    {c.editado && <span className={`${vistas.insignia} ${css.gris}`}>editado</span>}
                    {c.requiereConfirmacion && !c.confirmado && (
                      <span className={`${vistas.insignia} ${css.naranja}`}>Pide confirmación</span>
                    )}
                    <Pendiente />
                  </span>
                </span>
                <span className={`${vistas.chico} ${vistas.atenuado}`} style={{ display: 'block' }}>
                  {cuando(c.creado, zona)} · {c.alumnos.join(' · ')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
