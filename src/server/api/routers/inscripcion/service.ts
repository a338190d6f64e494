/**
 * Inscripción anual (spec 02 §2 "Enrolment page", §3, §4, §5, §7): lo que ve y hace el
 * referente parental desde el teléfono — sus datos, sus hijos, la inscripción de cada hijo
 * con la ficha médica y el comprobante, el inglés técnico —, la inscripción propia de un
 * alumno y el seguimiento de Alumnado. Todo con el ciclo lectivo actual de la escuela.
 */
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  CLAVES_ANTECEDENTES,
  CLAVES_PREGUNTAS,
  COMPROBANTE_DEMASIADO_GRANDE,
  SOLO_JPG_JPEG_PDF,
  TAMANIO_MAXIMO_COMPROBANTE,
  elegibilidadIngles,
  esCuotaCooperadora,
  inglesYaDeclarado,
  mostrarSeccionIngles,
  opcionesDePago,
  referenteCompleto,
  tipoDeComprobante,
  type Antecedente,
  type EstadoInscripcion,
  type PreguntaFicha,
} from '@/domain/inscripcion';
import { cicloLectivoActual, nombreCompleto, unirTelefono } from '@/domain/escuela';
import { Rol } from '@/domain/roles';
import type { Db, DbOTx } from '@/server/db';
import {
  alumnos,
  alumnosCursos,
  alumnosReferentes,
  archivos,
  configuracion,
  cursos,
  declaracionesIngles,
  fichasMedicas,
  inscripcionesAnuales,
  referentes,
} from '@/server/db/schema';
import type { Sesion } from '@/server/auth/sesion';
import { ALUMNO_AJENO, alumnoPropioOHijo, alumnoVisible } from '@/server/alcance';
import { auditar } from '@/server/auditoria';
import {
  coincide,
  columnasCurso,
  conTelefono,
  cursoInfo,
  ordenPorNombre,
} from '@/server/api/routers/alumnos/service';
import type {
  DeclararIngles,
  FormularioInscripcion,
  Inscribir,
  RevisarInscripcion,
} from './schemas';
import { MAXIMO_RESULTADOS_HIJOS } from './schemas';

export const SIN_DATOS_DE_REFERENTE = 'No hay datos de referente parental para su usuario.';
export const REFERENTE_INCOMPLETO =
  'Complete sus datos personales para continuar con la inscripción.';
export const ALUMNO_INHABILITADO = 'El alumno no existe o no está habilitado.';
export const YA_VINCULADO = 'Ya es referente de ese alumno.';
export const inscripcionYaEnviada = (alumno: string, ciclo: number) =>
  `La inscripción de ${alumno} para el ciclo lectivo ${ciclo} ya fue enviada.`;
export const primeroInscribir = (alumno: string) =>
  `Primero termine la inscripción de ${alumno} de este ciclo lectivo.`;
export const NO_ELEGIBLE_INGLES = 'El inglés técnico es a partir de 3° año.';
export const INSCRIPCION_INEXISTENTE = 'La inscripción no existe.';

// ── Referente propio e hijos ────────────────────────────────────────────────────────────────

const columnasReferentePropio = {
  orden: referentes.id,
  nombre: referentes.nombre,
  apellido: referentes.apellido,
  email: referentes.email,
  telefono: referentes.telefono,
  exalumno: referentes.exalumno,
};

/** El referente del usuario que inició sesión (Referente Parental). */
export async function referentePropio(db: DbOTx, sesion: Sesion) {
  const [r] = await db
    .select(columnasReferentePropio)
    .from(referentes)
    .where(eq(referentes.usuarioId, sesion.usuario.id));
  if (!r) throw new TRPCError({ code: 'NOT_FOUND', message: SIN_DATOS_DE_REFERENTE });
  return r;
}

/** El hijo vinculado, o FORBIDDEN: un referente nunca toca a los hijos de otra familia. */
async function exigirHijo(db: DbOTx, referenteId: number, alumnoId: number) {
  const [h] = await db
    .select({ orden: alumnos.id, nombre: alumnos.nombre, apellido: alumnos.apellido })
    .from(alumnosReferentes)
    .innerJoin(alumnos, eq(alumnos.id, alumnosReferentes.alumnoId))
    .where(
      and(eq(alumnosReferentes.referenteId, referenteId), eq(alumnosReferentes.alumnoId, alumnoId)),
    );
  if (!h) throw new TRPCError({ code: 'FORBIDDEN', message: ALUMNO_AJENO });
  return h;
}

/**
 * La última cursada conocida de cada alumno y la del año anterior a ésa (para la
 * elegibilidad del inglés, spec 02 §4). Una consulta.
 */
async function cursadas(db: DbOTx, ids: readonly number[]) {
  const porAlumno = new Map<
    number,
    { ciclolectivo: number; anio: number; division: number; especialidad: string; orden: number }[]
  >();
  if (!ids.length) return porAlumno;
  const filas = await db
    .select({
      alumno: alumnosCursos.alumnoId,
      ciclolectivo: alumnosCursos.ciclolectivo,
      ...columnasCurso,
    })
    .from(alumnosCursos)
    .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(inArray(alumnosCursos.alumnoId, [...ids]))
    .orderBy(desc(alumnosCursos.ciclolectivo));
  for (const f of filas) {
    const lista = porAlumno.get(f.alumno) ?? [];
    lista.push(f);
    porAlumno.set(f.alumno, lista);
  }
  return porAlumno;
}

function ultimaCursada(lista: { ciclolectivo: number; anio: number }[] | undefined) {
  const ultima = lista?.[0];
  if (!ultima) return null;
  const anterior = lista.find((c) => c.ciclolectivo === ultima.ciclolectivo - 1);
  return {
    ciclolectivo: ultima.ciclolectivo,
    cursadaActual: { anio: ultima.anio },
    cursadaAnterior: anterior ? { anio: anterior.anio } : null,
  };
}

async function cuotaDelCiclo(db: DbOTx, ciclo: number) {
  const [fila] = await db
    .select({ valor: configuracion.valor })
    .from(configuracion)
    .where(eq(configuracion.clave, `cuota.${ciclo}`));
  if (!fila || !esCuotaCooperadora(fila.valor)) return null;
  return { ...fila.valor, opciones: opcionesDePago(fila.valor) };
}

/**
 * GET /api/mishijos/inscripcion: los datos del referente, sus hijos con el estado de la
 * inscripción del ciclo actual y del inglés, y la cuota de la cooperadora. Cinco consultas,
 * tenga los hijos que tenga.
 */
export async function mishijos(db: DbOTx, sesion: Sesion) {
  const ciclo = cicloLectivoActual();
  const referente = await referentePropio(db, sesion);
  const filas = await db
    .select({
      orden: alumnos.id,
      nombre: alumnos.nombre,
      apellido: alumnos.apellido,
      email: alumnos.email,
      telefono: alumnos.telefono,
    })
    .from(alumnosReferentes)
    .innerJoin(alumnos, eq(alumnos.id, alumnosReferentes.alumnoId))
    .where(eq(alumnosReferentes.referenteId, referente.orden))
    .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id));
  const ids = filas.map((h) => h.orden);
  const [inscripciones, ingles, porAlumno, cuota] = await Promise.all([
    ids.length
      ? db
          .select({
            alumno: inscripcionesAnuales.alumnoId,
            orden: inscripcionesAnuales.id,
            estado: inscripcionesAnuales.estado,
            observacion: inscripcionesAnuales.observacion,
            creado: inscripcionesAnuales.creado,
          })
          .from(inscripcionesAnuales)
          .where(
            and(
              inArray(inscripcionesAnuales.alumnoId, ids),
              eq(inscripcionesAnuales.ciclolectivo, ciclo),
            ),
          )
      : Promise.resolve([]),
    ids.length
      ? db
          .select({
            alumno: declaracionesIngles.alumnoId,
            nivelNuevo: declaracionesIngles.nivelNuevo,
            nivelViejo: declaracionesIngles.nivelViejo,
          })
          .from(declaracionesIngles)
          .where(
            and(
              inArray(declaracionesIngles.alumnoId, ids),
              eq(declaracionesIngles.ciclolectivo, ciclo),
            ),
          )
      : Promise.resolve([]),
    cursadas(db, ids),
    cuotaDelCiclo(db, ciclo),
  ]);
  const hijos = filas.map((h) => {
    const lista = porAlumno.get(h.orden);
    const delCiclo = lista?.find((c) => c.ciclolectivo === ciclo);
    const inscripcion = inscripciones.find((i) => i.alumno === h.orden) ?? null;
    const declarado = ingles.find((d) => d.alumno === h.orden) ?? null;
    return {
      ...conTelefono(h),
      curso: delCiclo ? cursoInfo(delCiclo) : null,
      inscripto: inscripcion !== null,
      inscripcion: inscripcion && {
        orden: inscripcion.orden,
        estado: inscripcion.estado as EstadoInscripcion,
        observacion: inscripcion.observacion,
        creado: inscripcion.creado.toISOString(),
      },
      ingles: {
        declarado: declarado && {
          nivelNuevo: declarado.nivelNuevo,
          nivelViejo: declarado.nivelViejo,
        },
        elegibilidad: elegibilidadIngles(ultimaCursada(lista), ciclo),
      },
    };
  });
  return {
    ciclo,
    referente: {
      ...conTelefono(referente),
      email: referente.email ?? sesion.usuario.email,
      completo: referenteCompleto({ ...referente, email: referente.email ?? sesion.usuario.email }),
    },
    hijos,
    mostrarIngles: mostrarSeccionIngles(hijos),
    cuota,
  };
}

/**
 * Búsqueda de alumnos para declararse su referente: habilitados, todavía no vinculados, por
 * nombre o apellido (al menos 3 letras), a lo sumo 10, sólo nombre y curso del ciclo.
 */
export async function buscarHijos(db: DbOTx, sesion: Sesion, q: string) {
  const ciclo = cicloLectivoActual();
  const referente = await referentePropio(db, sesion);
  const vinculados = db
    .select({ id: alumnosReferentes.alumnoId })
    .from(alumnosReferentes)
    .where(eq(alumnosReferentes.referenteId, referente.orden));
  const filas = await db
    .select({
      orden: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      cursoOrden: cursos.id,
      anio: cursos.anio,
      division: cursos.division,
      especialidad: cursos.especialidad,
    })
    .from(alumnos)
    .leftJoin(
      alumnosCursos,
      and(eq(alumnosCursos.alumnoId, alumnos.id), eq(alumnosCursos.ciclolectivo, ciclo)),
    )
    .leftJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(
      and(
        eq(alumnos.habilitado, true),
        notInArray(alumnos.id, vinculados),
        coincide(q, [alumnos.apellido, alumnos.nombre]),
      ),
    )
    .orderBy(...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id))
    .limit(MAXIMO_RESULTADOS_HIJOS);
  return filas.map(({ cursoOrden, anio, division, especialidad, ...a }) => ({
    ...a,
    curso: cursoInfo({ orden: cursoOrden, anio, division, especialidad }),
  }));
}

/**
 * El referente declara su vínculo con un alumno ("Declaro mi vínculo de referente parental
 * de …"). Sus datos tienen que estar completos; el alumno, existir y estar habilitado.
 */
export async function vincularme(db: Db, sesion: Sesion, alumnoId: number, ip: string | null) {
  return db.transaction(async (tx) => {
    const referente = await referenteParaVincular(tx, sesion);
    const [alumno] = await vincularAlumnos(tx, sesion, referente.orden, [alumnoId], ip);
    if (!alumno!.nuevo) throw new TRPCError({ code: 'CONFLICT', message: YA_VINCULADO });
    return { orden: alumno!.orden, apellido: alumno!.apellido, nombre: alumno!.nombre };
  });
}

export const SOLO_AGREGAR_PROPIOS =
  'Un referente parental sólo puede agregar vínculos con su propio usuario de referente.';

/**
 * POST /api/alumnos/link/referentes para un referente parental (spec 02 §7: "add list of
 * {alumno, referente} and an empty remove list"): cada vínculo, con su propio referente.
 */
export async function vincularPropios(
  db: Db,
  sesion: Sesion,
  datos: { add: { alumno: number; referente: number }[]; remove: unknown[] },
  ip: string | null,
) {
  return db.transaction(async (tx) => {
    const referente = await referenteParaVincular(tx, sesion);
    if (datos.remove.length || datos.add.some((v) => v.referente !== referente.orden))
      throw new TRPCError({ code: 'FORBIDDEN', message: SOLO_AGREGAR_PROPIOS });
    const r = await vincularAlumnos(
      tx,
      sesion,
      referente.orden,
      datos.add.map((v) => v.alumno),
      ip,
    );
    return { agregados: r.filter((a) => a.nuevo).length, quitados: 0 };
  });
}

async function referenteParaVincular(tx: DbOTx, sesion: Sesion) {
  const referente = await referentePropio(tx, sesion);
  if (!referenteCompleto({ ...referente, email: referente.email ?? sesion.usuario.email }))
    throw new TRPCError({ code: 'BAD_REQUEST', message: REFERENTE_INCOMPLETO });
  return referente;
}

/** Vincula alumnos habilitados al referente (los ya vinculados no cambian), auditado. */
async function vincularAlumnos(
  tx: DbOTx,
  sesion: Sesion,
  referenteId: number,
  ids: number[],
  ip: string | null,
) {
  const unicos = [...new Set(ids)];
  if (!unicos.length) return [];
  const encontrados = await tx
    .select({ orden: alumnos.id, apellido: alumnos.apellido, nombre: alumnos.nombre })
    .from(alumnos)
    .where(and(inArray(alumnos.id, unicos), eq(alumnos.habilitado, true)));
  if (encontrados.length < unicos.length)
    throw new TRPCError({ code: 'NOT_FOUND', message: ALUMNO_INHABILITADO });
  const nuevos = await tx
    .insert(alumnosReferentes)
    .values(unicos.map((alumnoId) => ({ alumnoId, referenteId })))
    .onConflictDoNothing()
    .returning({ alumno: alumnosReferentes.alumnoId });
  if (nuevos.length)
    await auditar(tx, {
      usuarioId: sesion.usuario.id,
      rol: sesion.rol,
      accion: 'vincular',
      entidad: 'alumnos_referentes',
      entidadId: referenteId,
      despues: {
        referente: referenteId,
        alumnos: nuevos.map((n) => n.alumno),
        declaradoPorReferente: true,
      },
      ip,
    });
  return encontrados.map((a) => ({ ...a, nuevo: nuevos.some((n) => n.alumno === a.orden) }));
}

// ── Inscripción de un hijo ──────────────────────────────────────────────────────────────────

function nombreArchivo(original: string, tipo: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .trim()
    .slice(0, 100);
  return `${base || 'comprobante'}.${tipo === 'application/pdf' ? 'pdf' : 'jpg'}`;
}

function ficha(d: FormularioInscripcion) {
  const antecedentes = Object.fromEntries(CLAVES_ANTECEDENTES.map((c) => [c, d[c]])) as Record<
    Antecedente,
    boolean
  >;
  const respuestas = Object.fromEntries(CLAVES_PREGUNTAS.map((c) => [c, d[c]])) as Record<
    PreguntaFicha,
    string
  >;
  const siTiene = (tiene: boolean, v: string) => (tiene && v ? v : null);
  return {
    grupoSanguineo: d.grupoSanguineo,
    factorRh: d.factorRH,
    pesoKilogramos: d.pesoKilogramos,
    alturaCentimetros: d.alturaCentimetros,
    tieneServicioEmergencia: d.tieneServicioEmergencia,
    nombreServicioEmergencia: siTiene(d.tieneServicioEmergencia, d.nombreServicioEmergencia),
    carnetServicioEmergencia: siTiene(d.tieneServicioEmergencia, d.carnetServicioEmergencia),
    telefonoServicioEmergencia: siTiene(d.tieneServicioEmergencia, d.telefonoServicioEmergencia),
    tieneObraSocial: d.tieneObraSocial,
    nombreObraSocial: siTiene(d.tieneObraSocial, d.nombreObraSocial),
    carnetObraSocial: siTiene(d.tieneObraSocial, d.carnetObraSocial),
    telefonoObraSocial: siTiene(d.tieneObraSocial, d.telefonoObraSocial),
    antecedentes,
    respuestas,
  };
}

/**
 * POST /api/alumnos/{id}/inscribir: guarda en una transacción el comprobante, la inscripción
 * del ciclo y la ficha médica, y actualiza el contacto del alumno. El comprobante se
 * reconoce por su contenido (JPG o PDF, ≤ 10 MB). Un segundo envío para el mismo hijo y
 * ciclo (otra pestaña, doble toque) es CONFLICT y no deja nada escrito, ni el archivo.
 */
export async function inscribir(db: Db, sesion: Sesion, datos: Inscribir, ip: string | null) {
  const ciclo = cicloLectivoActual();
  if (datos.comprobante.size > TAMANIO_MAXIMO_COMPROBANTE)
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: COMPROBANTE_DEMASIADO_GRANDE });
  const bytes = Buffer.from(await datos.comprobante.arrayBuffer());
  if (bytes.length > TAMANIO_MAXIMO_COMPROBANTE)
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: COMPROBANTE_DEMASIADO_GRANDE });
  const tipo = tipoDeComprobante(bytes);
  if (!tipo) throw new TRPCError({ code: 'BAD_REQUEST', message: SOLO_JPG_JPEG_PDF });

  return db.transaction(async (tx) => {
    const referente = await referentePropio(tx, sesion);
    const hijo = await exigirHijo(tx, referente.orden, datos.alumno);
    const [previa] = await tx
      .select({ id: inscripcionesAnuales.id })
      .from(inscripcionesAnuales)
      .where(
        and(
          eq(inscripcionesAnuales.alumnoId, hijo.orden),
          eq(inscripcionesAnuales.ciclolectivo, ciclo),
        ),
      );
    if (previa)
      throw new TRPCError({
        code: 'CONFLICT',
        message: inscripcionYaEnviada(nombreCompleto(hijo), ciclo),
      });

    const [archivo] = await tx
      .insert(archivos)
      .values({
        nombre: nombreArchivo(datos.comprobante.name, tipo),
        tipo,
        tamanio: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        datos: bytes,
        subidoPor: sesion.usuario.id,
      })
      .returning({ id: archivos.id });
    const telefono = unirTelefono(datos.codarea, datos.telefono);
    // Si otra pestaña inscribió al mismo hijo entre la lectura y aquí, el índice único lo
    // frena: no se inserta nada y la transacción entera (archivo incluido) se deshace.
    const [inscripcion] = await tx
      .insert(inscripcionesAnuales)
      .values({
        alumnoId: hijo.orden,
        ciclolectivo: ciclo,
        referenteId: referente.orden,
        email: datos.email,
        telefono,
        cuil: datos.cuil,
        calle: datos.calle,
        altura: datos.altura,
        localidad: datos.localidad,
        comprobanteId: archivo!.id,
      })
      .onConflictDoNothing()
      .returning({
        orden: inscripcionesAnuales.id,
        estado: inscripcionesAnuales.estado,
        creado: inscripcionesAnuales.creado,
      });
    if (!inscripcion)
      throw new TRPCError({
        code: 'CONFLICT',
        message: inscripcionYaEnviada(nombreCompleto(hijo), ciclo),
      });
    await tx.insert(fichasMedicas).values({ inscripcionId: inscripcion.orden, ...ficha(datos) });
    await tx
      .update(alumnos)
      .set({ email: datos.email, telefono })
      .where(eq(alumnos.id, hijo.orden));
    await auditar(tx, {
      usuarioId: sesion.usuario.id,
      rol: sesion.rol,
      accion: 'inscribir',
      entidad: 'inscripciones_anuales',
      entidadId: inscripcion.orden,
      // La ficha médica no va a la auditoría: sólo qué se guardó y el comprobante.
      despues: {
        alumno: hijo.orden,
        ciclo,
        email: datos.email,
        telefono,
        cuil: datos.cuil,
        domicilio: `${datos.calle} ${datos.altura}, ${datos.localidad}`,
        comprobante: { id: archivo!.id, tipo, tamanio: bytes.length },
      },
      ip,
    });
    return {
      orden: inscripcion.orden,
      ciclo,
      alumno: hijo.orden,
      estado: inscripcion.estado as EstadoInscripcion,
      creado: inscripcion.creado.toISOString(),
    };
  });
}

/**
 * POST /api/alumnos/inscripcion/cpit: la declaración del inglés técnico de un hijo ya
 * inscripto en el ciclo y elegible (3° año o más). Una por hijo y ciclo.
 */
export async function declararIngles(
  db: Db,
  sesion: Sesion,
  datos: DeclararIngles,
  ip: string | null,
) {
  const ciclo = cicloLectivoActual();
  return db.transaction(async (tx) => {
    const referente = await referentePropio(tx, sesion);
    const hijo = await exigirHijo(tx, referente.orden, datos.alumno);
    const [inscripcion] = await tx
      .select({ id: inscripcionesAnuales.id })
      .from(inscripcionesAnuales)
      .where(
        and(
          eq(inscripcionesAnuales.alumnoId, hijo.orden),
          eq(inscripcionesAnuales.ciclolectivo, ciclo),
        ),
      );
    if (!inscripcion)
      throw new TRPCError({ code: 'BAD_REQUEST', message: primeroInscribir(hijo.nombre) });
    const elegibilidad = elegibilidadIngles(
      ultimaCursada((await cursadas(tx, [hijo.orden])).get(hijo.orden)),
      ciclo,
    );
    if (!elegibilidad.elegible)
      throw new TRPCError({ code: 'BAD_REQUEST', message: NO_ELEGIBLE_INGLES });
    const [d] = await tx
      .insert(declaracionesIngles)
      .values({
        alumnoId: hijo.orden,
        ciclolectivo: ciclo,
        nivelNuevo: datos.nivelNuevo,
        nivelViejo: datos.nivelViejo,
        referenteId: referente.orden,
      })
      .onConflictDoNothing()
      .returning({
        orden: declaracionesIngles.id,
        nivelNuevo: declaracionesIngles.nivelNuevo,
        nivelViejo: declaracionesIngles.nivelViejo,
      });
    if (!d) throw new TRPCError({ code: 'CONFLICT', message: inglesYaDeclarado(hijo.nombre) });
    await auditar(tx, {
      usuarioId: sesion.usuario.id,
      rol: sesion.rol,
      accion: 'declarar',
      entidad: 'declaraciones_ingles',
      entidadId: d.orden,
      despues: { alumno: hijo.orden, ciclo, ...d },
      ip,
    });
    return { ...d, alumno: hijo.orden, ciclo, mensaje: inglesYaDeclarado(hijo.nombre) };
  });
}

// ── Lectura de la inscripción y la ficha médica ─────────────────────────────────────────────

/** Roles del personal que ven la ficha médica (los que cuidan al alumno en la escuela). */
export const ROLES_FICHA_MEDICA: readonly number[] = [
  Rol.Preceptor,
  Rol.JefePreceptor,
  Rol.Regente,
  Rol.Alumnado,
  Rol.Admin,
];

/** La inscripción más reciente del alumno con su ficha médica, o null. Dos consultas. */
async function inscripcionConFicha(db: DbOTx, alumnoId: number) {
  const [i] = await db
    .select({
      orden: inscripcionesAnuales.id,
      ciclolectivo: inscripcionesAnuales.ciclolectivo,
      email: inscripcionesAnuales.email,
      telefono: inscripcionesAnuales.telefono,
      cuil: inscripcionesAnuales.cuil,
      calle: inscripcionesAnuales.calle,
      altura: inscripcionesAnuales.altura,
      localidad: inscripcionesAnuales.localidad,
      estado: inscripcionesAnuales.estado,
      observacion: inscripcionesAnuales.observacion,
      creado: inscripcionesAnuales.creado,
      comprobante: inscripcionesAnuales.comprobanteId,
    })
    .from(inscripcionesAnuales)
    .where(eq(inscripcionesAnuales.alumnoId, alumnoId))
    .orderBy(desc(inscripcionesAnuales.ciclolectivo))
    .limit(1);
  if (!i) return null;
  const [f] = await db.select().from(fichasMedicas).where(eq(fichasMedicas.inscripcionId, i.orden));
  const { inscripcionId: _i, ...fichaMedica } = f ?? ({} as typeof fichasMedicas.$inferSelect);
  return {
    ...conTelefono(i),
    estado: i.estado as EstadoInscripcion,
    creado: i.creado.toISOString(),
    fichaMedica: f ? fichaMedica : null,
  };
}

async function datosDelAlumno(db: DbOTx, alumnoId: number) {
  const ciclo = cicloLectivoActual();
  const [a] = await db
    .select({
      orden: alumnos.id,
      dni: alumnos.dni,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      email: alumnos.email,
      telefono: alumnos.telefono,
      nacimiento: alumnos.nacimiento,
      pronombre: alumnos.pronombre,
    })
    .from(alumnos)
    .where(eq(alumnos.id, alumnoId));
  if (!a) throw new TRPCError({ code: 'NOT_FOUND', message: 'El alumno no existe.' });
  const [delCiclo] = await db
    .select(columnasCurso)
    .from(alumnosCursos)
    .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .where(and(eq(alumnosCursos.alumnoId, alumnoId), eq(alumnosCursos.ciclolectivo, ciclo)));
  return { alumno: conTelefono(a), ciclo, curso: delCiclo ? cursoInfo(delCiclo) : null };
}

/**
 * GET /api/alumnos/datosinscripcion[/{id}]: la inscripción más reciente de un alumno con la
 * ficha médica, para el propio alumno, su referente o el personal que la necesita (dentro de
 * su alcance). Cada lectura de una ficha médica queda en la auditoría.
 */
export async function datos(
  db: Db,
  sesion: Sesion,
  ciclo: number,
  hijo: number | null,
  alumnoPedido: number | undefined,
  ip: string | null,
) {
  let alumnoId: number;
  if (sesion.rol === Rol.Alumno || sesion.rol === Rol.ReferenteParental) {
    alumnoId = await alumnoPropioOHijo(db, sesion, alumnoPedido, hijo);
  } else {
    if (alumnoPedido === undefined)
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Indique el alumno.' });
    await alumnoVisible(db, sesion, ciclo, alumnoPedido);
    alumnoId = alumnoPedido;
  }
  const base = await datosDelAlumno(db, alumnoId);
  const inscripcion = await inscripcionConFicha(db, alumnoId);
  if (inscripcion?.fichaMedica) {
    await auditar(db, {
      usuarioId: sesion.usuario.id,
      rol: sesion.rol,
      accion: 'ver',
      entidad: 'fichas_medicas',
      entidadId: inscripcion.orden,
      despues: { alumno: alumnoId },
      ip,
    });
  }
  return { ...base, inscripcion };
}

/**
 * GET /api/miinscripcion: para un alumno, su inscripción más reciente con la ficha médica
 * (resumen del perfil, ficha para imprimir) y los datos del certificado de alumno regular,
 * que sólo existe si se conoce su curso del ciclo actual (spec 02 §2).
 */
export async function mia(db: Db, sesion: Sesion, ip: string | null) {
  const alumnoId = await alumnoPropioOHijo(db, sesion);
  const r = await datos(db, sesion, cicloLectivoActual(), null, alumnoId, ip);
  return { ...r, certificado: r.curso ? { anio: r.curso.anio, curso: r.curso.nombre } : null };
}

// ── Comprobante ─────────────────────────────────────────────────────────────────────────────

/** Roles del personal que ven comprobantes (el seguimiento de Alumnado). */
export const ROLES_COMPROBANTE: readonly number[] = [Rol.Alumnado, Rol.Admin];

/**
 * El comprobante de una inscripción: para el referente que la envió o que es referente del
 * alumno, y para Alumnado y Admin. Auditado. Otro usuario: FORBIDDEN, sin decir si existe.
 */
export async function comprobante(
  db: Db,
  sesion: Sesion,
  inscripcionId: number,
  ip: string | null,
) {
  const [fila] = await db
    .select({
      alumno: inscripcionesAnuales.alumnoId,
      nombre: archivos.nombre,
      tipo: archivos.tipo,
      datos: archivos.datos,
    })
    .from(inscripcionesAnuales)
    .innerJoin(archivos, eq(archivos.id, inscripcionesAnuales.comprobanteId))
    .where(eq(inscripcionesAnuales.id, inscripcionId));
  let permitido = ROLES_COMPROBANTE.includes(sesion.rol);
  if (!permitido && fila && sesion.rol === Rol.ReferenteParental) {
    const [vinculo] = await db
      .select({ a: alumnosReferentes.alumnoId })
      .from(alumnosReferentes)
      .innerJoin(referentes, eq(referentes.id, alumnosReferentes.referenteId))
      .where(
        and(
          eq(referentes.usuarioId, sesion.usuario.id),
          eq(alumnosReferentes.alumnoId, fila.alumno),
        ),
      );
    permitido = !!vinculo;
  }
  if (!permitido) throw new TRPCError({ code: 'FORBIDDEN', message: ALUMNO_AJENO });
  if (!fila) throw new TRPCError({ code: 'NOT_FOUND', message: INSCRIPCION_INEXISTENTE });
  await auditar(db, {
    usuarioId: sesion.usuario.id,
    rol: sesion.rol,
    accion: 'ver',
    entidad: 'comprobantes',
    entidadId: inscripcionId,
    ip,
  });
  return { nombre: fila.nombre, tipo: fila.tipo, datos: fila.datos };
}

// ── Seguimiento de Alumnado (/inscripciones) ────────────────────────────────────────────────

/**
 * Las inscripciones del ciclo por curso: cada alumno del curso con su inscripción (estado,
 * fecha) o sin ella (faltante). Una consulta, sea cual sea el tamaño de la escuela.
 */
export async function listar(db: DbOTx, p: { ciclo?: number; curso?: number }) {
  const ciclo = p.ciclo ?? cicloLectivoActual();
  const filas = await db
    .select({
      alumno: alumnos.id,
      apellido: alumnos.apellido,
      nombre: alumnos.nombre,
      dni: alumnos.dni,
      ...columnasCurso,
      inscripcion: inscripcionesAnuales.id,
      estado: inscripcionesAnuales.estado,
      observacion: inscripcionesAnuales.observacion,
      creado: inscripcionesAnuales.creado,
      email: inscripcionesAnuales.email,
      telefono: inscripcionesAnuales.telefono,
      comprobanteTipo: archivos.tipo,
    })
    .from(alumnosCursos)
    .innerJoin(alumnos, eq(alumnos.id, alumnosCursos.alumnoId))
    .innerJoin(cursos, eq(cursos.id, alumnosCursos.cursoId))
    .leftJoin(
      inscripcionesAnuales,
      and(
        eq(inscripcionesAnuales.alumnoId, alumnos.id),
        eq(inscripcionesAnuales.ciclolectivo, ciclo),
      ),
    )
    .leftJoin(archivos, eq(archivos.id, inscripcionesAnuales.comprobanteId))
    .where(
      and(
        eq(alumnosCursos.ciclolectivo, ciclo),
        eq(alumnos.habilitado, true),
        p.curso ? eq(alumnosCursos.cursoId, p.curso) : undefined,
      ),
    )
    .orderBy(
      asc(cursos.anio),
      asc(cursos.division),
      ...ordenPorNombre(alumnos.apellido, alumnos.nombre, alumnos.id),
    );

  type Curso = NonNullable<ReturnType<typeof cursoInfo>> & {
    alumnos: {
      orden: number;
      apellido: string;
      nombre: string;
      dni: number;
      inscripcion: {
        orden: number;
        estado: EstadoInscripcion;
        observacion: string | null;
        creado: string;
        email: string;
        telefono: string;
        comprobante: string | null;
      } | null;
    }[];
    inscriptos: number;
    faltantes: number;
  };
  const porCurso = new Map<number, Curso>();
  for (const f of filas) {
    let c = porCurso.get(f.orden);
    if (!c) {
      c = { ...cursoInfo(f)!, alumnos: [], inscriptos: 0, faltantes: 0 };
      porCurso.set(f.orden, c);
    }
    const inscripcion =
      f.inscripcion == null
        ? null
        : {
            orden: f.inscripcion,
            estado: f.estado as EstadoInscripcion,
            observacion: f.observacion,
            creado: f.creado!.toISOString(),
            email: f.email!,
            telefono: f.telefono!,
            comprobante: f.comprobanteTipo,
          };
    c.alumnos.push({
      orden: f.alumno,
      apellido: f.apellido,
      nombre: f.nombre,
      dni: f.dni,
      inscripcion,
    });
    if (inscripcion) c.inscriptos++;
    else c.faltantes++;
  }
  const lista = [...porCurso.values()];
  return {
    ciclo,
    cursos: lista,
    inscriptos: lista.reduce((n, c) => n + c.inscriptos, 0),
    faltantes: lista.reduce((n, c) => n + c.faltantes, 0),
  };
}

/** Alumnado marca una inscripción como verificada u observada (con su observación). */
export async function revisar(db: Db, sesion: Sesion, d: RevisarInscripcion, ip: string | null) {
  return db.transaction(async (tx) => {
    const [antes] = await tx
      .select({
        estado: inscripcionesAnuales.estado,
        observacion: inscripcionesAnuales.observacion,
      })
      .from(inscripcionesAnuales)
      .where(eq(inscripcionesAnuales.id, d.id))
      .for('update');
    if (!antes) throw new TRPCError({ code: 'NOT_FOUND', message: INSCRIPCION_INEXISTENTE });
    const [despues] = await tx
      .update(inscripcionesAnuales)
      .set({
        estado: d.estado,
        observacion: d.estado === 'observada' ? d.observacion : null,
        revisadoPor: sesion.usuario.id,
        revisado: sql`now()`,
      })
      .where(eq(inscripcionesAnuales.id, d.id))
      .returning({
        orden: inscripcionesAnuales.id,
        estado: inscripcionesAnuales.estado,
        observacion: inscripcionesAnuales.observacion,
      });
    await auditar(tx, {
      usuarioId: sesion.usuario.id,
      rol: sesion.rol,
      accion: 'revisar',
      entidad: 'inscripciones_anuales',
      entidadId: d.id,
      antes,
      despues,
      ip,
    });
    return { ...despues!, estado: despues!.estado as EstadoInscripcion };
  });
}

/** Una línea CSV (separador ';', como abre Excel en es-AR), con comillas cuando hace falta. */
function lineaCsv(valores: (string | number | null)[]): string {
  return valores
    .map((v) => {
      const t = v == null ? '' : String(v);
      // Evita la inyección de fórmulas al abrir el archivo en una planilla.
      const seguro = /^[=+\-@\t\r]/.test(t) ? `'${t}` : t;
      return /[;"\n\r]/.test(seguro) ? `"${seguro.replace(/"/g, '""')}"` : seguro;
    })
    .join(';');
}

/** El listado del seguimiento como CSV (UTF-8 con BOM para que Excel respete los acentos). */
export async function csv(db: DbOTx, p: { ciclo?: number; curso?: number }) {
  const r = await listar(db, p);
  const lineas = [
    lineaCsv([
      'Curso',
      'Apellido',
      'Nombre',
      'DNI',
      'Estado',
      'Fecha',
      'Email',
      'Teléfono',
      'Observación',
    ]),
  ];
  for (const c of r.cursos) {
    for (const a of c.alumnos) {
      lineas.push(
        lineaCsv([
          c.nombre,
          a.apellido,
          a.nombre,
          a.dni,
          a.inscripcion ? a.inscripcion.estado : 'faltante',
          a.inscripcion ? a.inscripcion.creado.slice(0, 10) : null,
          a.inscripcion?.email ?? null,
          a.inscripcion?.telefono ?? null,
          a.inscripcion?.observacion ?? null,
        ]),
      );
    }
  }
  return { ciclo: r.ciclo, contenido: '\ufeff' + lineas.join('\r\n') + '\r\n' };
}
