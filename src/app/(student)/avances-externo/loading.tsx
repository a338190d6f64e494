import { Cargando } from '@/components/vistas/Cargando';

export default function CargandoPantalla() {
  return <Cargando />;
}
