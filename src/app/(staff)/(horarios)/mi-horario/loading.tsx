import { Cargando } from '@/components/vistas/Cargando';

export default function CargandoMiHorario() {
  return <Cargando filas={4} />;
}
