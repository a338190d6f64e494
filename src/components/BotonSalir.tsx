import { Button, type ButtonProps } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { salir } from './acciones';

/**
 * "Salir" (spec 02 §2 Top bar): cierra la sesión y va a /login. Es un formulario con una acción
 * de servidor, así que anda antes de que cargue el JavaScript. Toda pantalla con sesión lo
 * tiene: la barra del marco y las que no usan el marco (cambiar la cuenta, las hojas para
 * imprimir, /bypass, /inscripcion, la pantalla de error).
 */
export function BotonSalir(props: Pick<ButtonProps, 'size' | 'variant'>) {
  return (
    <form action={salir} className="no-imprimir">
      <Button
        type="submit"
        variant={props.variant ?? 'subtle'}
        size={props.size ?? 'xs'}
        leftSection={<IconLogout size={16} />}
      >
        Salir
      </Button>
    </form>
  );
}
