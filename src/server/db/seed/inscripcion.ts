/**
 * La inscripción anual de la escuela de demostración (DESIGN §7): el curso del ciclo anterior
 * de cada alumno (para la elegibilidad del inglés técnico), reglamentos y autorizaciones, y
 * las inscripciones ya enviadas por una parte de las familias, con su ficha médica y un
 * comprobante, en los tres estados del seguimiento. Lo llama `sembrar`.
 *
 * Los hijos de referente.demo quedan sin inscribir (para probar el flujo desde el teléfono);
 * los de referente.otro, inscriptos. Las cuentas de demostración de alumno y referentes ya
 * respondieron reglamentos y autorizaciones (sus pantallas no se bloquean).
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { CLAVES_ANTECEDENTES, CLAVES_PREGUNTAS } from '@/domain/inscripcion';
import { EMAIL_DEMO } from '../demo';
import type { DbOTx } from '../index';
import * as s from '../schema';
import { Azar, SEMILLAS } from './aleatorio';
import { insertarDevolviendo, insertarEnLotes } from './lotes';

export const REGLAMENTOS_DEMO = [
  {
    nombre: 'Acuerdo escolar de convivencia',
    clase: 'reglamento',
    contenido:
      'El Acuerdo escolar de convivencia establece los derechos y obligaciones de estudiantes, familias y personal. ' +
      'Incluye el régimen de asistencia (límite de 30 inasistencias más las reincorporaciones), el uso del uniforme ' +
      'y de los elementos de protección en talleres y laboratorios, y el régimen de medidas disciplinarias.',
    respuestasPosibles: ['Leí y acepto el acuerdo'],
  },
  {
    nombre: 'Uso de teléfonos celulares',
    clase: 'reglamento',
    contenido:
      'Los teléfonos celulares se usan en clase sólo con fines pedagógicos y con autorización del docente. ' +
      'En talleres y laboratorios deben permanecer guardados.',
    respuestasPosibles: ['Acepto', 'No acepto'],
  },
  {
    nombre: 'Contacto alternativo',
    clase: 'reglamento',
    contenido:
      'Indique un teléfono alternativo (de un familiar o vecino) para comunicarnos si no logramos contactarlo.',
    respuestasPosibles: null,
  },
  {
    nombre: 'Uso de imagen',
    clase: 'autorizacion',
    contenido:
      'Autorizo a la escuela a publicar fotografías y videos de actividades escolares en las que participe mi hijo o hija, ' +
      'en los canales institucionales.',
    respuestasPosibles: ['Autorizo', 'No autorizo'],
  },
  {
    nombre: 'Salidas educativas en Rosario',
    clase: 'autorizacion',
    contenido:
      'Autorizo a mi hijo o hija a participar de las salidas educativas dentro de la ciudad de Rosario durante el horario ' +
      'escolar, acompañado por docentes. Cada salida se comunica con anticipación por el cuaderno de comunicaciones.',
    respuestasPosibles: ['Autorizo'],
  },
] as const;

/** Un PDF mínimo válido: el comprobante de las inscripciones sembradas. */
export const PDF_DEMO = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

export interface ResultadoInscripcion {
  cursadasAnteriores: number;
  reglamentos: number;
  inscripciones: number;
}

export async function sembrarInscripcion(
  tx: DbOTx,
  opciones: { ciclo: number },
): Promise<ResultadoInscripcion> {
  const { ciclo } = opciones;
  const az = new Azar(SEMILLAS.inscripcion + ciclo);

  // 1. El curso del ciclo anterior: mismo número de división, un año menos.
  await tx.execute(sql`
    insert into ${s.alumnosCursos} (alumno_id, curso_id, ciclolectivo)
    select ac.alumno_id, prev.id, ac.ciclolectivo - 1
    from ${s.alumnosCursos} ac
    join ${s.cursos} c on c.id = ac.curso_id
    join ${s.cursos} prev on prev.anio = c.anio - 1 and prev.division = c.division
    where ac.ciclolectivo = ${ciclo}
    on conflict do nothing`);
  const [anteriores] = await tx
    .select({ n: count() })
    .from(s.alumnosCursos)
    .where(eq(s.alumnosCursos.ciclolectivo, ciclo - 1));

  // 2. Reglamentos y autorizaciones, y las respuestas de las cuentas de demostración.
  const reglamentos = await tx
    .insert(s.reglamentos)
    .values(
      REGLAMENTOS_DEMO.map((r) => ({
        ...r,
        respuestasPosibles: r.respuestasPosibles ? [...r.respuestasPosibles] : null,
      })),
    )
    .onConflictDoNothing()
    .returning();
  // Las cuentas de demostración ya respondieron (sus pantallas no se bloquean); el diálogo se ve
  // con cualquier otro alumno o referente y con cada referente que se registra.
  const cuentasDemo = [EMAIL_DEMO.alumno, EMAIL_DEMO.referente, EMAIL_DEMO.referenteOtro];
  const cuentas = await tx
    .select({ id: s.usuarios.id, email: s.usuarios.email })
    .from(s.usuarios)
    .where(inArray(sql`lower(${s.usuarios.email})`, cuentasDemo));
  const hijos = await tx
    .select({ usuarioId: s.referentes.usuarioId, alumnoId: s.alumnosReferentes.alumnoId })
    .from(s.alumnosReferentes)
    .innerJoin(s.referentes, eq(s.referentes.id, s.alumnosReferentes.referenteId))
    .innerJoin(s.usuarios, eq(s.usuarios.id, s.referentes.usuarioId))
    .where(inArray(sql`lower(${s.usuarios.email})`, cuentasDemo))
    .orderBy(asc(s.alumnosReferentes.alumnoId));
  const respuesta = (r: (typeof reglamentos)[number]) =>
    r.respuestasPosibles?.[0] ?? 'Abuela: 341 4567890';
  const respuestas: (typeof s.respuestasReglamentos.$inferInsert)[] = [];
  for (const r of reglamentos) {
    const base = {
      reglamentoId: r.id,
      respuesta: respuesta(r),
      contenido: r.contenido,
      version: r.version,
    };
    if (r.clase === 'reglamento') {
      for (const u of cuentas) respuestas.push({ ...base, usuarioId: u.id, alumnoId: null });
    } else {
      for (const h of hijos)
        respuestas.push({ ...base, usuarioId: h.usuarioId!, alumnoId: h.alumnoId });
    }
  }
  await insertarEnLotes(tx, s.respuestasReglamentos, respuestas);

  // 3. Inscripciones enviadas: las familias con referente con usuario, salvo referente.demo,
  //    con probabilidad 0,45 por alumno; las de referente.otro, siempre.
  const familias = await tx
    .select({
      alumnoId: s.alumnos.id,
      dni: s.alumnos.dni,
      email: s.alumnos.email,
      referenteId: s.referentes.id,
      referenteEmail: s.usuarios.email,
    })
    .from(s.alumnosCursos)
    .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosCursos.alumnoId))
    .innerJoin(s.alumnosReferentes, eq(s.alumnosReferentes.alumnoId, s.alumnos.id))
    .innerJoin(s.referentes, eq(s.referentes.id, s.alumnosReferentes.referenteId))
    .leftJoin(s.usuarios, eq(s.usuarios.id, s.referentes.usuarioId))
    .where(and(eq(s.alumnosCursos.ciclolectivo, ciclo), eq(s.alumnos.habilitado, true)))
    .orderBy(asc(s.alumnos.dni), asc(s.referentes.id));
  const elegidos = new Map<number, (typeof familias)[number]>();
  const excluidos = new Set(
    familias
      .filter((f) => f.referenteEmail?.toLowerCase() === EMAIL_DEMO.referente)
      .map((f) => f.alumnoId),
  );
  for (const f of familias) {
    if (elegidos.has(f.alumnoId) || excluidos.has(f.alumnoId)) continue;
    const otro = f.referenteEmail?.toLowerCase() === EMAIL_DEMO.referenteOtro;
    if (otro || az.si(0.45)) elegidos.set(f.alumnoId, f);
  }
  if (!elegidos.size) {
    return {
      cursadasAnteriores: anteriores?.n ?? 0,
      reglamentos: reglamentos.length,
      inscripciones: 0,
    };
  }
  const [archivo] = await tx
    .insert(s.archivos)
    .values({
      nombre: 'comprobante-demo.pdf',
      tipo: 'application/pdf',
      tamanio: PDF_DEMO.length,
      sha256: 'demo',
      datos: PDF_DEMO,
    })
    .returning({ id: s.archivos.id });
  const [revisor] = await tx
    .select({ id: s.usuarios.id })
    .from(s.usuarios)
    .where(eq(sql`lower(${s.usuarios.email})`, EMAIL_DEMO.alumnado));

  const CALLES = ['Córdoba', 'San Martín', 'Pellegrini', 'Oroño', 'Mendoza', 'Rioja', 'Alberdi'];
  const LOCALIDADES = [
    'Rosario',
    'Rosario',
    'Rosario',
    'Funes',
    'Villa Gobernador Gálvez',
    'Granadero Baigorria',
  ];
  const lista = [...elegidos.values()];
  const filas = lista.map((f) => {
    const estado = az.ponderado([
      ['pendiente', 5],
      ['verificada', 4],
      ['observada', 1],
    ] as const);
    return {
      alumnoId: f.alumnoId,
      ciclolectivo: ciclo,
      referenteId: f.referenteId,
      email: f.email ?? `alumno${f.dni}@gmail.com`,
      telefono: `341 ${String(4_000_000 + Math.floor(az.real() * 999_999))}`,
      cuil: `${az.si(0.5) ? 20 : 27}-${String(f.dni).padStart(8, '0')}-${Math.floor(az.real() * 10)}`,
      calle: az.elegir(CALLES),
      altura: String(100 + Math.floor(az.real() * 4800)),
      localidad: az.elegir(LOCALIDADES),
      comprobanteId: archivo!.id,
      estado,
      observacion:
        estado === 'observada' ? 'El comprobante no se lee; vuelva a enviarlo a Alumnado.' : null,
      revisadoPor: estado === 'pendiente' ? null : (revisor?.id ?? null),
      revisado: estado === 'pendiente' ? null : new Date(`${ciclo}-02-20T13:00:00Z`),
      creado: new Date(
        `${ciclo}-02-${String(10 + Math.floor(az.real() * 18)).padStart(2, '0')}T15:00:00Z`,
      ),
    };
  });
  // Las ya inscriptas se saltean (y no tienen ficha nueva).
  const insertadas = await insertarDevolviendo(
    tx,
    s.inscripcionesAnuales,
    filas,
    { id: s.inscripcionesAnuales.id },
    { ignorarConflictos: true },
  );
  await insertarEnLotes(
    tx,
    s.fichasMedicas,
    insertadas.map(({ id }) => ({
      inscripcionId: id,
      grupoSanguineo: az.ponderado([
        ['0', 45],
        ['A', 40],
        ['B', 10],
        ['AB', 5],
      ] as const),
      factorRh: az.si(0.9) ? ('+' as const) : ('-' as const),
      pesoKilogramos: 40 + Math.floor(az.real() * 40),
      alturaCentimetros: 145 + Math.floor(az.real() * 45),
      tieneServicioEmergencia: az.si(0.4),
      tieneObraSocial: az.si(0.7),
      nombreObraSocial: null,
      antecedentes: Object.fromEntries(CLAVES_ANTECEDENTES.map((c) => [c, az.si(0.03)])) as Record<
        (typeof CLAVES_ANTECEDENTES)[number],
        boolean
      >,
      respuestas: Object.fromEntries(
        CLAVES_PREGUNTAS.map((c) => [c, c.startsWith('puede') ? 'Sí' : '']),
      ) as Record<(typeof CLAVES_PREGUNTAS)[number], string>,
    })),
  );
  return {
    cursadasAnteriores: anteriores?.n ?? 0,
    reglamentos: reglamentos.length,
    inscripciones: insertadas.length,
  };
}
