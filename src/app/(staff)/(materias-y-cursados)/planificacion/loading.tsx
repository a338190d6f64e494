import { Cargando } from '@/components/vistas/Cargando';

export default function CargandoPlanificacion() {
  return <Cargando filas={6} />;
}
