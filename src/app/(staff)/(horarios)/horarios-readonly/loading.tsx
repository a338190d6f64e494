import { Cargando } from '@/components/vistas/Cargando';

export default function CargandoHorarios() {
  return <Cargando filas={4} />;
}
