import { Cargando } from '@/components/vistas/Cargando';

export default function CargandoNuevaPlanificacion() {
  return <Cargando filas={4} />;
}
