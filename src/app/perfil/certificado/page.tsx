import { momentoEscolar } from '@/server/reloj';
import { redirect } from 'next/navigation';

import { TIPO_CURSO_CERTIFICADO, lugarYFecha, textoCertificado } from '@/domain/inscripcion';
import { Rol } from '@/domain/roles';
import { BotonImprimir } from '@/components/impresion/BotonImprimir';
import estilos from '@/components/impresion/impresion.module.css';
import { requerirSesion } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';

export const metadata = { title: 'Certificado de alumno regular' };
export const dynamic = 'force-dynamic';

/**
 * Certificado de alumno regular para imprimir (spec 02 §2 "Certificate"): Rosario, la fecha en
 * formato argentino y "SECUNDARIO TÉCNICO PROFESIONAL"; sólo si se conoce el año del curso del
 * ciclo actual.
 */
export default async function Certificado() {
  const { sesion } = await requerirSesion();
  if (sesion.rol !== Rol.Alumno) redirect('/');
  const r = await (await servidor()).inscripcion.mia();
  return (
    <main className={estilos.hoja}>
      <BotonImprimir />
      {!r.certificado || !r.curso ? (
        <p className={estilos.aviso} role="alert">
          El certificado estará disponible cuando la escuela registre su curso del ciclo lectivo{' '}
          {r.ciclo}.
        </p>
      ) : (
        <div className={estilos.pilaAncha}>
          <p className={`${estilos.texto} ${estilos.derecha}`}>
            {lugarYFecha(momentoEscolar().hoy)}
          </p>
          <h1 className={`${estilos.titulo} ${estilos.centro}`}>CERTIFICADO DE ALUMNO REGULAR</h1>
          <p className={`${estilos.texto} ${estilos.centro} ${estilos.seminegrita}`}>
            {TIPO_CURSO_CERTIFICADO}
          </p>
          <p className={`${estilos.texto} ${estilos.justificado}`}>
            {textoCertificado({
              apellido: r.alumno.apellido,
              nombre: r.alumno.nombre,
              dni: r.alumno.dni,
              anio: r.curso.anio,
              curso: r.curso.nombre,
              ciclo: r.ciclo,
            })}
          </p>
          <div className={`${estilos.firma} ${estilos.firmaLejos}`}>
            <p className={estilos.texto}>______________________________</p>
            <p className={estilos.chico}>Firma y sello de la institución</p>
          </div>
        </div>
      )}
    </main>
  );
}
