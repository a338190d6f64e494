import { Cargando } from '@/components/vistas/Cargando';

export default function CargandoAvances() {
  return <Cargando filas={5} />;
}
