import { TRPCError } from '@trpc/server';
import { notFound } from 'next/navigation';
import { CUIDADO_PAPELITO, PASOS_PAPELITO } from '@/domain/vinculos';
import { BotonImprimir } from '@/components/impresion/BotonImprimir';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import estilos from './papelitos.module.css';

export const metadata = { title: 'Códigos de vinculación' };
export const dynamic = 'force-dynamic';

/**
 * Los códigos de vinculación de un curso para imprimir y recortar (issue 31 §1): un papelito por
 * alumno con su nombre, el curso, el código y los pasos para la familia; varios por hoja A4, con
 * líneas de corte punteadas. Quien ve al alumno en /alumnos (un preceptor, sus cursos); los
 * códigos que faltan se crean ahora.
 */
export default async function Papelitos({ params }: { params: Promise<{ curso: string }> }) {
  await requerirModulo('/alumnos');
  const curso = Number((await params).curso);
  if (!Number.isSafeInteger(curso) || curso <= 0) notFound();
  let datos;
  try {
    datos = await (await servidor()).alumnos.codigosDelCurso({ curso });
  } catch (e) {
    if (e instanceof TRPCError && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN'))
      return (
        <main className={estilos.hoja}>
          <BotonImprimir />
          <p role="alert">{e.message}</p>
        </main>
      );
    throw e;
  }
  return (
    <main className={estilos.hoja}>
      <BotonImprimir />
      <div className="no-imprimir">
        <h1 className={estilos.titulo}>Códigos de vinculación — {datos.curso.nombre}</h1>
        <p className={estilos.ayuda}>
          Un papelito por alumno para entregar a su familia. Recorte por las líneas punteadas.
          {datos.alumnos.some((a) => a.bloqueado) &&
            ' Los códigos bloqueados están marcados: desbloquéelos o regénerelos en /alumnos antes de entregarlos.'}
        </p>
      </div>
      {datos.alumnos.length === 0 ? (
        <p>El curso no tiene alumnos en este ciclo lectivo.</p>
      ) : (
        <ul className={estilos.papelitos} aria-label="Papelitos">
          {datos.alumnos.map((a) => (
            <li key={a.orden} className={estilos.papelito} data-testid="papelito">
              <p className={estilos.encabezado}>Portal de la escuela — código de vinculación</p>
              <p className={estilos.alumno}>
                {a.apellido}, {a.nombre}
              </p>
              <p className={estilos.curso}>Curso: {datos.curso.nombre}</p>
              <p className={estilos.codigo}>{a.codigo}</p>
              {a.bloqueado && <p className={estilos.bloqueado}>Bloqueado: no entregar</p>}
              <ol className={estilos.pasos}>
                {PASOS_PAPELITO.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ol>
              <p className={estilos.cuidado}>{CUIDADO_PAPELITO}</p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
