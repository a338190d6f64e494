import { Cargando } from '@/components/vistas/Cargando';

export default function CargandoPendientes() {
  return <Cargando filas={5} />;
}
