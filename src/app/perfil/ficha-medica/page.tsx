import { redirect } from 'next/navigation';
import { Rol } from '@/domain/roles';
import { BotonImprimir } from '@/components/impresion/BotonImprimir';
import { TablaFichaMedica } from '@/components/impresion/TablaFichaMedica';
import estilos from '@/components/impresion/impresion.module.css';
import { requerirSesion } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';

export const metadata = { title: 'Ficha médica' };
export const dynamic = 'force-dynamic';

/**
 * La ficha médica del alumno para imprimir, firmar y entregar al preceptor (spec 02 §2, §3).
 * La lectura queda en la auditoría (inscripcion.mia).
 */
export default async function FichaMedica() {
  const { sesion } = await requerirSesion();
  if (sesion.rol !== Rol.Alumno) redirect('/');
  const r = await (await servidor()).inscripcion.mia();
  return (
    <main className={estilos.hoja}>
      <BotonImprimir />
      {!r.inscripcion?.fichaMedica ? (
        <p className={estilos.aviso} role="alert">
          Todavía no hay una inscripción con ficha médica. La completa su referente parental desde
          el portal.
        </p>
      ) : (
        <div className={estilos.pila}>
          <h1 className={estilos.titulo}>Ficha médica {r.inscripcion.ciclolectivo}</h1>
          <p className={estilos.texto}>
            {r.alumno.apellido}, {r.alumno.nombre} — DNI {r.alumno.dni}
            {r.curso ? ` — ${r.curso.nombre}` : ''}
          </p>
          <p className={estilos.chico}>
            Los datos de la ficha médica son confidenciales y tienen carácter de declaración jurada.
          </p>
          <TablaFichaMedica inscripcion={r.inscripcion} />
          <div className={estilos.firma}>
            <p className={estilos.texto}>______________________________</p>
            <p className={estilos.chico}>Firma del referente parental</p>
          </div>
        </div>
      )}
    </main>
  );
}
