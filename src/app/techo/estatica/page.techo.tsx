/**
 * Techo de una página prerenderizada (issue 37 §6), sólo en la build del benchmark
 * (BENCH_TECHO=1 agrega la extensión `techo.tsx`): el layout raíz y un texto, generado al
 * compilar. Lo más rápido que Next sirve un documento HTML en esta build.
 */
export const metadata = { title: 'Techo estático' };
export const dynamic = 'force-static';

export default function TechoEstatico() {
  return <p>Página prerenderizada del benchmark.</p>;
}
