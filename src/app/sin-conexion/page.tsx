import botones from '@/components/ui/botones.module.css';
import { Reintentar } from './Reintentar';
import css from './sin-conexion.module.css';

export const metadata = { title: 'Sin conexión' };
// Como toda página: el HTML lleva el nonce de la CSP de su pedido (src/server/csp.ts). El worker
// la precarga una vez por build y la sirve, con esa cabecera, en lugar de la página pedida.
export const dynamic = 'force-dynamic';

/**
 * "Sin conexión" (issue 36): la muestra el service worker (src/app/sw.ts) bajo la dirección que
 * se pidió cuando no hay red, así "Reintentar" vuelve a cargar esa página. HTML y CSS con las
 * variables del tema, sin componentes de Mantine ni datos de nadie: no necesita sesión.
 */
export default function SinConexion() {
  return (
    <main className={css.centro}>
      <div className={css.tarjeta}>
        <svg
          className={css.icono}
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 18h.01" />
          <path d="M9.17 15.17a4 4 0 0 1 5.66 0" />
          <path d="M6.34 12.34a8 8 0 0 1 4.2-2.2M14.9 10.4a8 8 0 0 1 2.76 1.94" />
          <path d="M3.51 9.51a12 12 0 0 1 3.3-2.3M11 5.04A12 12 0 0 1 20.49 9.5" />
          <path d="M3 3l18 18" />
        </svg>
        <h1 className={css.titulo}>Sin conexión</h1>
        <p className={css.texto}>
          Esta página necesita internet y el teléfono no tiene conexión en este momento.
        </p>
        <p className={css.texto}>
          La planilla de asistencia del curso (<strong>Asistencias → Por Curso</strong>) sigue
          funcionando en este teléfono si la abrió antes con conexión: las marcas quedan guardadas y
          se envían cuando vuelve la señal.
        </p>
        <Reintentar className={`${botones.boton} ${botones.filled} ${css.boton}`} />
      </div>
    </main>
  );
}
