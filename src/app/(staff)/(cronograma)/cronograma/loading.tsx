import { Cargando } from '@/components/vistas/Cargando';

export default function CargandoCronograma() {
  return <Cargando filas={5} />;
}
