import { Cargando } from '@/components/vistas/Cargando';

export default function CargandoPics() {
  return <Cargando filas={5} />;
}
