/**
 * La parte de los estilos de Mantine que va en todas las páginas (la importa el layout raíz):
 * el reset, las variables por defecto (que `tema.css` pisa después), lo global y lo que usan los
 * avisos (@mantine/notifications, montados en `Providers`). Los estilos de los demás componentes
 * están en `./componentes.ts` y los importa cada página que los muestra: /login no los baja.
 * tests/unit/estilos-mantine.test.ts verifica las dos listas contra el Mantine instalado.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
