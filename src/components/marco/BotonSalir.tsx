import { IconLogout } from '@tabler/icons-react';
import { FormularioSalir } from './FormularioSalir';
import css from '@/components/ui/botones.module.css';

/**
 * "Salir" (spec 02 §2 Top bar): cierra la sesión y va a /login. Es un formulario con una acción
 * de servidor, así que anda antes de que cargue el JavaScript. Toda pantalla con sesión lo
 * tiene: la barra del marco y las que no usan el marco (cambiar la cuenta, las hojas para
 * imprimir, /bypass, /inscripcion, la pantalla de error). HTML y CSS: no suma código de Mantine;
 * en el navegador sólo corre el formulario (FormularioSalir: antes de salir borra lo guardado en
 * el teléfono, issue 36), el botón y su ícono se arman en el servidor.
 */
export function BotonSalir(props: { size?: 'xs' | 'sm'; variant?: 'subtle' | 'default' }) {
  const clases = [css.boton, css[props.variant ?? 'subtle'], props.size === 'sm' ? css.sm : '']
    .filter(Boolean)
    .join(' ');
  return (
    <FormularioSalir className="no-imprimir">
      <button type="submit" className={clases}>
        <IconLogout size={16} aria-hidden />
        Salir
      </button>
    </FormularioSalir>
  );
}
