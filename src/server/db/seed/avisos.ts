/**
 * Los avisos de demostración (issue 35 §2): para que la campana de referente.demo y de
 * alumno.demo tenga avisos sin leer al abrir el portal. Salen de lo ya sembrado: la última
 * inasistencia (o tardanza, o retiro) de cada hijo y la última medida, con el nombre y el curso
 * del alumno, como los arma el trabajador (misma clave: un hecho nuevo igual no los duplica). Uno
 * del referente queda leído. Ninguno va por correo. Determinística: sale de los datos y de `ahora`.
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Categoria } from '@/domain/avisos';
import { nombreCurso } from '@/domain/escuela';
import { fechaLegible } from '@/domain/texto';
import { EMAIL_DEMO } from '../demo';
import type { DbOTx } from '../index';
import * as s from '../schema';

interface Aviso {
  usuarioId: number;
  alumnoId: number;
  categoria: Categoria;
  clave: string;
  titulo: string;
  texto: string;
  enlace: string;
  creado: Date;
  leido: Date | null;
}

const HORA = 60 * 60 * 1000;

/** 'Falta' → 'Inasistencia'; 'Tardanza Ingreso' → 'Tardanza'; los retiros e ingresos, tal cual. */
function tituloDeTipo(tipo: string): string {
  if (tipo === 'Falta') return 'Inasistencia';
  if (tipo.startsWith('Tardanza')) return 'Tardanza';
  return tipo.replace(/ \(.*\)$/, '');
}

const NOMBRE_MEDIDA: Record<string, string> = {
  amonestacion: 'Amonestación',
  apercibimiento: 'Apercibimiento',
  colectiva: 'Medida colectiva',
};

export async function sembrarAvisos(
  tx: DbOTx,
  { ciclo, hoy, ahora }: { ciclo: number; hoy: string; ahora: Date },
) {
  const usuarioDe = async (email: string) =>
    (await tx.select({ id: s.usuarios.id }).from(s.usuarios).where(eq(s.usuarios.email, email)))[0]
      ?.id;
  const referente = await usuarioDe(EMAIL_DEMO.referente);
  if (referente == null) return;
  const hijos = await tx
    .select({
      id: s.alumnos.id,
      apellido: s.alumnos.apellido,
      nombre: s.alumnos.nombre,
      usuarioId: s.alumnos.usuarioId,
      anio: s.cursos.anio,
      division: s.cursos.division,
      especialidad: s.cursos.especialidad,
    })
    .from(s.referentes)
    .innerJoin(s.alumnosReferentes, eq(s.alumnosReferentes.referenteId, s.referentes.id))
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosReferentes.alumnoId))
    .innerJoin(
      s.alumnosCursos,
      and(eq(s.alumnosCursos.alumnoId, s.alumnos.id), eq(s.alumnosCursos.ciclolectivo, ciclo)),
    )
    .innerJoin(s.cursos, eq(s.cursos.id, s.alumnosCursos.cursoId))
    .where(and(eq(s.referentes.usuarioId, referente), eq(s.alumnosReferentes.confirmado, true)))
    .orderBy(s.alumnos.id);

  const filas: Aviso[] = [];
  // Cada hecho, para el referente y para el alumno mismo (si tiene usuario).
  const paraTodos = (h: (typeof hijos)[number], a: Omit<Aviso, 'usuarioId' | 'alumnoId'>) => {
    filas.push({ ...a, usuarioId: referente, alumnoId: h.id });
    if (h.usuarioId != null)
      filas.push({ ...a, usuarioId: h.usuarioId, alumnoId: h.id, leido: null });
  };
  let orden = 0;
  for (const h of hijos) {
    const quien = `${h.apellido}, ${h.nombre} (${nombreCurso(h)})`;
    const [asistencia] = await tx
      .select({
        fecha: s.asistencias.fecha,
        turno: s.asistencias.turno,
        tipo: s.asistencias.tipo,
        justificada: s.asistencias.justificada,
      })
      .from(s.asistencias)
      .where(and(eq(s.asistencias.alumnoId, h.id), lte(s.asistencias.fecha, hoy)))
      .orderBy(desc(s.asistencias.fecha), desc(s.asistencias.id))
      .limit(1);
    if (asistencia) {
      paraTodos(h, {
        categoria: 'inasistencia',
        clave: `inasistencia:${h.id}:${asistencia.fecha}`,
        titulo: `${tituloDeTipo(asistencia.tipo)} el ${fechaLegible(asistencia.fecha)}`,
        texto:
          `${quien} tiene registrado el ${fechaLegible(asistencia.fecha)}: ${asistencia.tipo}, ` +
          `turno ${asistencia.turno} (${asistencia.justificada ? 'justificada' : 'injustificada'}).`,
        enlace: `/asistencias-externo?anio=${ciclo}`,
        creado: new Date(ahora.getTime() - (2 + orden++) * HORA),
        leido: null,
      });
    }
    const [medida] = await tx
      .select({
        id: s.medidas.id,
        tipo: s.medidas.tipo,
        fecha: s.medidas.fecha,
        cantidad: s.medidas.cantidad,
      })
      .from(s.medidas)
      .where(and(eq(s.medidas.alumnoId, h.id), lte(s.medidas.fecha, hoy)))
      .orderBy(desc(s.medidas.fecha), desc(s.medidas.id))
      .limit(1);
    if (medida) {
      const nombre = NOMBRE_MEDIDA[medida.tipo] ?? medida.tipo;
      const cantidad =
        medida.cantidad != null ? ` (${String(medida.cantidad).replace('.', ',')})` : '';
      paraTodos(h, {
        categoria: 'medida',
        clave: `medida:${medida.id}`,
        titulo: `${nombre} el ${fechaLegible(medida.fecha)}`,
        texto: `${quien} recibió una medida disciplinaria: ${nombre}${cantidad} el ${fechaLegible(medida.fecha)}.`,
        enlace: `/medidas-externo?anio=${ciclo}`,
        creado: new Date(ahora.getTime() - (26 + orden++) * HORA),
        leido: null,
      });
    }
  }
  // El más viejo del referente, ya leído: la lista muestra los dos estados.
  const delReferente = filas.filter((f) => f.usuarioId === referente);
  const masViejo = delReferente.reduce<Aviso | null>(
    (m, f) => (!m || f.creado < m.creado ? f : m),
    null,
  );
  if (masViejo && delReferente.length > 1)
    masViejo.leido = new Date(masViejo.creado.getTime() + HORA);
  if (filas.length)
    await tx
      .insert(s.avisos)
      .values(filas.map((f) => ({ ...f, actualizado: f.creado, correo: 'no' as const })));
}
