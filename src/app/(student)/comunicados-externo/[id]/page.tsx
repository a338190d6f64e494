import Link from 'next/link';
import { notFound } from 'next/navigation';
import { enlaceAdjunto } from '@/domain/comunicados';
import { Encabezado } from '@/components/vistas/Encabezado';
import vistas from '@/components/vistas/vistas.module.css';
import { idDeRuta, leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { contexto, servidor } from '@/trpc/server';
import css from '../comunicados.module.css';
import { cuando } from '../formato';
import { confirmarLectura } from './acciones';

export const metadata = { title: 'Comunicado' };

/**
 * /comunicados-externo/{id} (issue 35 §4): un comunicado dirigido a la familia o al alumno. Abrirlo
 * lo marca leído; si lo pide, "Confirmo la lectura". Otro comunicado: el mensaje, ningún dato.
 */
export default async function Comunicado({ params }: { params: Promise<{ id: string }> }) {
  await requerirModulo('/comunicados-externo');
  const id = idDeRuta((await params).id);
  if (id == null) notFound();
  const { zona } = await contexto();
  const r = await leerOMensaje(async () => (await servidor()).comunicados.abrir({ id }));
  const c = r.datos;
  return (
    <div className={`${vistas.pila} ${vistas.angosta}`}>
      <Link href="/comunicados-externo" className={vistas.chico}>
        ← Todos los comunicados
      </Link>
      <Encabezado titulo={c?.titulo ?? 'Comunicado'} mensaje={r.mensaje} />
      {c && (
        <article className={`${vistas.tarjeta} ${vistas.pila}`} aria-label="Comunicado">
          <p className={`${vistas.chico} ${vistas.atenuado}`}>
            {cuando(c.creado, zona)} · {c.alumnos.join(' · ')}
            {c.editado && (
              <>
                {' '}
                <span className={`${vistas.insignia} ${css.gris}`} data-testid="editado">
                  editado
                </span>{' '}
                (corregido el {cuando(c.editado, zona)})
              </>
            )}
          </p>
          <p className={css.cuerpo}>{c.texto}</p>
          {c.adjunto && (
            <a className={`${css.boton} ${css.secundario}`} href={enlaceAdjunto(c.id)} download>
              Descargar el adjunto
            </a>
          )}
          {c.requiereConfirmacion &&
            (c.confirmado ? (
              <p className={vistas.texto} role="status">
                Confirmó la lectura el {cuando(c.confirmado, zona)}.
              </p>
            ) : (
              <form action={confirmarLectura}>
                <input type="hidden" name="id" value={c.id} />
                <button type="submit" className={css.boton}>
                  Confirmo la lectura
                </button>
              </form>
            ))}
        </article>
      )}
    </div>
  );
}
