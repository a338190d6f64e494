// Sólo la base de Mantine: los estilos de sus componentes los importa cada página que los muestra
// (src/components/estilos-mantine/componentes.ts).
import '@/components/estilos-mantine/base';
// Las variables del tema, después de las de Mantine (las mismas reglas: gana la última).
import './tema.css';
import './impresion.css';
import './utilidades.css';
import { mantineHtmlProps } from '@mantine/core';
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { RegistroDelTrabajador } from '@/components/instalable/RegistroDelTrabajador';
import { config } from '@/server/config';
import { COLOR_DEL_TEMA } from './manifiesto';
import { Providers } from './providers';

export const metadata: Metadata = {
  title: { default: 'Portal escolar', template: '%s · Portal escolar' },
  description: 'Portal de la escuela técnica: asistencias, notas, inscripciones y más.',
  applicationName: 'Portal escolar',
  // El manifiesto (src/app/manifest.ts) lo enlaza Next solo. Los íconos están en public/.
  icons: {
    icon: [{ url: '/icono-192.png', sizes: '192x192', type: 'image/png' }],
    apple: [{ url: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }],
  },
  appleWebApp: { capable: true, title: 'Portal escolar', statusBarStyle: 'default' },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: COLOR_DEL_TEMA,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="es-AR" {...mantineHtmlProps}>
      <body>
        {config().portalDemo && (
          <p className="franja-demo" role="note">
            Portal de demostración: los datos son ficticios.
          </p>
        )}
        <Providers>{children}</Providers>
        <RegistroDelTrabajador activo={!config().desarrollo} />
      </body>
    </html>
  );
}
