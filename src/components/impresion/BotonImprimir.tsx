import Link from 'next/link';
import { BotonSalir } from '@/components/marco/BotonSalir';
import { Imprimir } from './Imprimir';
import estilos from './impresion.module.css';

/**
 * "Volver al inicio", "Imprimir" y "Salir", que no salen en el papel. HTML y CSS: sólo
 * "Imprimir" (que llama a la impresión del navegador) es un componente de cliente.
 */
export function BotonImprimir() {
  return (
    <div className={`no-imprimir ${estilos.acciones}`}>
      <Link href="/" className={estilos.enlace}>
        Volver al inicio
      </Link>
      <div className={estilos.botones}>
        <Imprimir />
        <BotonSalir variant="default" size="sm" />
      </div>
    </div>
  );
}
