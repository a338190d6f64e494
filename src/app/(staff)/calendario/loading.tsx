import { Cargando } from '@/components/vistas/Cargando';

export default function CargandoCalendario() {
  return <Cargando filas={4} />;
}
