import { requerirModulo } from '@/server/auth/guardia';
import { ExportarDatos } from './_components/ExportarDatos';

export const metadata = { title: 'Exportar los datos' };

/**
 * /root/exportar (issue 34 §3, "La escuela es dueña de sus datos"): la exportación completa en un
 * ZIP. Sólo Admin con el dispositivo de administración, como las otras herramientas de root.
 */
export default async function Exportar() {
  await requerirModulo('/root/exportar');
  return <ExportarDatos />;
}
