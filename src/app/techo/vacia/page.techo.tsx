/**
 * Techo de un componente de servidor vacío (issue 37 §6), sólo en la build del benchmark: el
 * layout raíz renderizado en cada pedido y nada más (sin sesión, sin base). Lo más rápido que
 * Next renderiza un documento por pedido en esta build.
 */
export const metadata = { title: 'Techo vacío' };
export const dynamic = 'force-dynamic';

export default function TechoVacio() {
  return <p>Componente de servidor vacío del benchmark.</p>;
}
