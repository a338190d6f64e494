/**
 * Semana de inscripción del benchmark (issue "enrolment week", objetivo 3): 200 referentes
 * parentales, cada uno con su sesión, y una carga de lazo abierto (llegadas a tasa fija, sin
 * esperar las respuestas) con 80 % de lecturas (GET /api/mishijos/inscripcion, la página
 * GET /inscripcion/completar y GET /api/reglamentos) y 20 % de envíos de la inscripción de un
 * hijo con su comprobante (POST /api/alumnos/{alumno}/inscribir, multipart, como el
 * formulario del teléfono).
 *
 * Las familias se insertan con SQL (usuarios, referentes completos, hijos con su curso del
 * ciclo actual y sin inscribir); la carga es un programador propio con node:http: la llegada i
 * de un escalón sale a los i / tasa segundos de su comienzo, elige su tipo por la mezcla y su
 * referente (las lecturas, uno al azar; los envíos, por turno), y su latencia se mide desde la
 * hora programada (si el servidor o el generador se atrasan, la espera entra en la latencia).
 * Después se cuentan en la base las inscripciones, fichas médicas, comprobantes y entradas de
 * auditoría de esos hijos.
 */
import { momentoEscolar } from '@/server/reloj';
import http from 'node:http';
import postgres from 'postgres';
import { CLAVES_ANTECEDENTES, CLAVES_PREGUNTAS, PREGUNTAS_APTITUD } from '@/domain/inscripcion';

import { Rol } from '@/domain/roles';
import { Azar } from '@/server/db/seed/aleatorio';

/** Referentes parentales con sesión entre los que se reparten las llegadas. */
export const REFERENTES_BENCH = 200;
/**
 * Hijos sin inscribir de cada referente: su cola de envíos. Tiene que sobrar para todos los
 * escalones: antes de sembrar se calcula el peor caso (enviosMaximos) y, si no alcanza, el
 * benchmark falla sin medir; al final se revisa además que ningún envío se haya quedado sin hijo.
 */
export const HIJOS_POR_REFERENTE = 40;
/** Proporción de envíos (el resto, lecturas). */
export const PROPORCION_ENVIOS = 0.2;
/** DNI del primer hijo: lejos de los de la semilla (45 a 55 millones). */
const DNI_BASE = 90_000_000;
const SEMILLA_CARGA = 20_260_301;
/**
 * Límite de cada petición, contado desde su hora programada: las que no terminan antes se
 * cortan y cuentan como error (timeout).
 */
export const LIMITE_PETICION_MS = 10_000;
/**
 * La mezcla, por bloques: en cada BLOQUE_MEZCLA llegadas seguidas hay exactamente
 * ENVIOS_POR_BLOQUE envíos, en posiciones al azar (con semilla). Así la proporción se cumple en
 * cualquier tramo de la medición (no sólo en promedio) y el peor caso de envíos está acotado.
 */
export const BLOQUE_MEZCLA = 20;
export const ENVIOS_POR_BLOQUE = Math.round(BLOQUE_MEZCLA * PROPORCION_ENVIOS);

export const emailReferente = (i: number) => `bench.referente.${i}@gmail.com`;
const PATRON_EMAIL = 'bench.referente.%@gmail.com';

export interface HijoBench {
  id: number;
  dni: number;
}

export interface FamiliaBench {
  email: string;
  usuarioId: number;
  referenteId: number;
  /** Ordenados por id: la cola de envíos. */
  hijos: HijoBench[];
}

export interface DatosInscripcion {
  ciclo: number;
  familias: FamiliaBench[];
  hijos: number;
  cursos: number;
}

// ---------------------------------------------------------------------------
// Semilla

/**
 * Inserta con SQL (insert … select sobre generate_series, una sentencia por tabla, en una
 * transacción) los referentes del benchmark con usuario (rol Referente Parental) y datos
 * completos, y sus hijos habilitados, vinculados, en los cursos del ciclo actual (repartidos
 * entre los que ya tienen alumnos) y sin inscripción del ciclo.
 */
export async function sembrarFamilias(url: string): Promise<DatosInscripcion> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const ciclo = momentoEscolar().ciclo;
  const totalHijos = REFERENTES_BENCH * HIJOS_POR_REFERENTE;
  try {
    const cursos = await sql.begin(async (tx) => {
      await tx`
        insert into usuarios (email, nombre, apellido, telefono, rls)
        select 'bench.referente.' || i || '@gmail.com', 'Referente ' || i, 'Banco',
          '341 5551234', ${Rol.ReferenteParental}::int
        from generate_series(1, ${REFERENTES_BENCH}::int) i`;
      await tx`
        insert into referentes (usuario_id, apellido, nombre, email, telefono)
        select u.id, u.apellido, u.nombre, u.email, u.telefono
        from usuarios u where u.email like ${PATRON_EMAIL}`;
      // Hijo n (1…total): DNI_BASE + n, de la familia ceil(n / HIJOS_POR_REFERENTE).
      await tx`
        insert into alumnos (dni, apellido, nombre, genero, habilitado)
        select ${DNI_BASE}::int + n, 'Banco',
          'Hijo ' || lpad(n::text, 5, '0'),
          (case when n % 2 = 0 then 'Femenino' else 'Masculino' end)::genero, true
        from generate_series(1, ${totalHijos}::int) n`;
      await tx`
        insert into alumnos_referentes (alumno_id, referente_id, confirmado)
        select a.id, r.id, true
        from alumnos a
        join usuarios u
          on u.email = 'bench.referente.' || ((a.dni - ${DNI_BASE}::int - 1) / ${HIJOS_POR_REFERENTE}::int + 1) || '@gmail.com'
        join referentes r on r.usuario_id = u.id
        where a.dni > ${DNI_BASE}::int and a.dni <= ${DNI_BASE + totalHijos}::int`;
      const [c] = await tx<{ n: number }[]>`
        with del_ciclo as (
          select curso_id, row_number() over (order by curso_id) - 1 as i
          from (select distinct curso_id from alumnos_cursos where ciclolectivo = ${ciclo}) c
        ),
        insertadas as (
          insert into alumnos_cursos (alumno_id, curso_id, ciclolectivo)
          select a.id, d.curso_id, ${ciclo}::int
          from alumnos a
          join del_ciclo d on d.i = (a.dni - ${DNI_BASE}::int) % (select count(*) from del_ciclo)
          where a.dni > ${DNI_BASE}::int and a.dni <= ${DNI_BASE + totalHijos}::int
          returning curso_id
        )
        select count(distinct curso_id)::int as n from insertadas`;
      return c?.n ?? 0;
    });
    await sql`analyze usuarios, referentes, alumnos, alumnos_referentes, alumnos_cursos`;

    const filas = await sql<
      { email: string; usuario: number; referente: number; hijo: number; dni: number }[]
    >`
      select u.email, u.id as usuario, r.id as referente, a.id as hijo, a.dni
      from usuarios u
      join referentes r on r.usuario_id = u.id
      join alumnos_referentes ar on ar.referente_id = r.id
      join alumnos a on a.id = ar.alumno_id
      left join inscripciones_anuales i on i.alumno_id = a.id and i.ciclolectivo = ${ciclo}
      where u.email like ${PATRON_EMAIL} and i.id is null and a.habilitado
      order by u.id, a.id`;
    const porEmail = new Map<string, FamiliaBench>();
    for (const f of filas) {
      let familia = porEmail.get(f.email);
      if (!familia) {
        familia = { email: f.email, usuarioId: f.usuario, referenteId: f.referente, hijos: [] };
        porEmail.set(f.email, familia);
      }
      familia.hijos.push({ id: f.hijo, dni: f.dni });
    }
    const familias = [...porEmail.values()];
    if (
      familias.length !== REFERENTES_BENCH ||
      familias.some((f) => f.hijos.length !== HIJOS_POR_REFERENTE)
    ) {
      throw new Error(
        `se esperaban ${REFERENTES_BENCH} referentes con ${HIJOS_POR_REFERENTE} hijos sin inscribir cada uno; ` +
          `hay ${familias.length} con ${filas.length} hijos en total`,
      );
    }
    return { ciclo, familias, hijos: filas.length, cursos };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export interface Guardado {
  inscripciones: number;
  fichas: number;
  comprobantes: number;
  /** Comprobantes de los referentes del benchmark que ninguna inscripción usa. */
  huerfanos: number;
  auditorias: number;
  /** Ids de los hijos del benchmark inscriptos en el ciclo (para cotejar envío por envío). */
  inscriptos: number[];
}

/** Lo que quedó en la base para los hijos (y referentes) del benchmark en el ciclo. */
export async function contarGuardado(url: string, ciclo: number): Promise<Guardado> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [fila] = await sql<Omit<Guardado, 'inscriptos'>[]>`
      with referentes_bench as (
        select id from usuarios where email like ${PATRON_EMAIL}
      ),
      inscripciones_bench as (
        select i.id, i.comprobante_id from inscripciones_anuales i
        join alumnos a on a.id = i.alumno_id
        where a.dni > ${DNI_BASE}::int and a.dni <= ${DNI_BASE + REFERENTES_BENCH * HIJOS_POR_REFERENTE}::int
          and i.ciclolectivo = ${ciclo}
      )
      select
        (select count(*) from inscripciones_bench)::int as inscripciones,
        (select count(*) from fichas_medicas f
          where f.inscripcion_id in (select id from inscripciones_bench))::int as fichas,
        (select count(*) from archivos
          where subido_por in (select id from referentes_bench))::int as comprobantes,
        (select count(*) from archivos ar
          where ar.subido_por in (select id from referentes_bench)
            and not exists (select 1 from inscripciones_anuales i where i.comprobante_id = ar.id))::int
          as huerfanos,
        (select count(*) from auditoria
          where accion = 'inscribir' and entidad = 'inscripciones_anuales'
            and usuario_id in (select id from referentes_bench))::int as auditorias`;
    const inscriptos = await sql<{ alumno: number }[]>`
      select i.alumno_id as alumno from inscripciones_anuales i
      join alumnos a on a.id = i.alumno_id
      where a.dni > ${DNI_BASE}::int and a.dni <= ${DNI_BASE + REFERENTES_BENCH * HIJOS_POR_REFERENTE}::int
        and i.ciclolectivo = ${ciclo}`;
    return { ...fila!, inscriptos: inscriptos.map((f) => f.alumno) };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

// ---------------------------------------------------------------------------
// El envío: multipart como el de FormularioHijo.tsx, con un PDF de comprobante

/** Un PDF válido de una página (objetos, flujo de contenido y tabla xref), de unos 3 kB. */
export function comprobantePdf(): Buffer {
  const lineas = ['Asociacion Cooperadora - Comprobante de pago', 'Cuota anual de la cooperadora'];
  for (let i = 1; i <= 45; i++)
    lineas.push(
      `Operacion ${String(730_000 + i * 37).padStart(8, '0')} - cuota ${(i % 3) + 1} de 3 - $ 40.000,00`,
    );
  const contenido =
    'BT /F1 10 Tf 50 800 Td 14 TL\n' + lineas.map((l) => `(${l}) '`).join('\n') + '\nET';
  const objetos = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(contenido, 'latin1')} >>\nstream\n${contenido}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const posiciones: number[] = [];
  objetos.forEach((o, i) => {
    posiciones.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf +=
    `xref\n0 ${objetos.length + 1}\n0000000000 65535 f \n` +
    posiciones.map((p) => `${String(p).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objetos.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Los campos del formulario de un hijo como los manda la pantalla (FormularioHijo.tsx): todos
 * texto, las casillas "true"/"false", las preguntas vacías salvo las de aptitud.
 */
function camposInscripcion(hijo: HijoBench, az: Azar): [string, string][] {
  const emergencia = az.si(0.4);
  const obraSocial = az.si(0.7);
  return [
    ['email', `hijo.${hijo.dni}@gmail.com`],
    ['codarea', '341'],
    ['telefono', String(4_000_000 + (hijo.dni % 999_999))],
    ['cuil', `${hijo.dni % 2 ? 20 : 27}-${hijo.dni}-${hijo.dni % 10}`],
    ['calle', az.elegir(['Córdoba', 'San Martín', 'Pellegrini', 'Oroño', 'Mendoza'])],
    ['altura', String(100 + Math.floor(az.real() * 4800))],
    ['localidad', az.elegir(['Rosario', 'Rosario', 'Funes', 'Granadero Baigorria'])],
    ['grupoSanguineo', az.elegir(['0', 'A', 'B', 'AB'])],
    ['factorRH', az.si(0.9) ? '+' : '-'],
    ['pesoKilogramos', String(40 + Math.floor(az.real() * 40))],
    ['alturaCentimetros', String(145 + Math.floor(az.real() * 45))],
    ['tieneServicioEmergencia', String(emergencia)],
    ['nombreServicioEmergencia', emergencia ? 'Emergencias Rosario' : ''],
    ['carnetServicioEmergencia', emergencia ? String(hijo.dni % 100_000) : ''],
    ['telefonoServicioEmergencia', emergencia ? '341 4000000' : ''],
    ['tieneObraSocial', String(obraSocial)],
    ['nombreObraSocial', obraSocial ? 'IAPOS' : ''],
    ['carnetObraSocial', obraSocial ? String(hijo.dni) : ''],
    ['telefonoObraSocial', obraSocial ? '0800 444 4276' : ''],
    ...CLAVES_ANTECEDENTES.map((c): [string, string] => [c, String(az.si(0.03))]),
    ...CLAVES_PREGUNTAS.map((c): [string, string] => [
      c,
      PREGUNTAS_APTITUD.includes(c) ? 'Sí' : '',
    ]),
  ];
}

/** El cuerpo multipart/form-data del envío (campos y el comprobante como archivo). */
function cuerpoMultipart(campos: [string, string][], pdf: Buffer, frontera: string): Buffer {
  const partes: Buffer[] = campos.map(([k, v]) =>
    Buffer.from(`--${frontera}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  partes.push(
    Buffer.from(
      `--${frontera}\r\nContent-Disposition: form-data; name="comprobante"; filename="comprobante.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    pdf,
    Buffer.from(`\r\n--${frontera}--\r\n`),
  );
  return Buffer.concat(partes);
}

// ---------------------------------------------------------------------------
// La carga

export type TipoPeticion = 'mishijos' | 'pagina' | 'reglamentos' | 'inscribir';

export const LECTURAS: { tipo: TipoPeticion; nombre: string; ruta: string; acepta: string }[] = [
  {
    tipo: 'mishijos',
    nombre: 'GET /api/mishijos/inscripcion',
    ruta: '/api/mishijos/inscripcion',
    acepta: 'application/json',
  },
  {
    tipo: 'pagina',
    nombre: 'GET /inscripcion/completar (HTML)',
    ruta: '/inscripcion/completar',
    acepta: 'text/html',
  },
  {
    tipo: 'reglamentos',
    nombre: 'GET /api/reglamentos',
    ruta: '/api/reglamentos',
    acepta: 'application/json',
  },
];
export const NOMBRE_ENVIO = 'POST /api/alumnos/{alumno}/inscribir (multipart, PDF)';

/** Un referente con su sesión y los hijos que le quedan por inscribir (se consumen). */
export interface Guardian {
  familia: FamiliaBench;
  cookie: string;
  pendientes: HijoBench[];
}

export interface Respuesta {
  status: number;
  cuerpo: Buffer;
  ms: number;
}

export interface ConfigCarga {
  host: string;
  puerto: number;
}

/**
 * Una petición con node:http (el agente con keep-alive, como un navegador). `desde` es su hora
 * programada (performance.now(); por defecto, ahora): la latencia y el límite de
 * LIMITE_PETICION_MS se cuentan desde ahí.
 */
function pedirCon(
  agente: http.Agent,
  c: ConfigCarga,
  metodo: string,
  ruta: string,
  cabeceras: Record<string, string | number>,
  cuerpo?: Buffer,
  desde = performance.now(),
): Promise<Respuesta> {
  return new Promise((ok, mal) => {
    const req = http.request(
      {
        host: c.host,
        port: c.puerto,
        path: ruta,
        method: metodo,
        headers: cabeceras,
        agent: agente,
      },
      (res) => {
        const trozos: Buffer[] = [];
        res.on('data', (t: Buffer) => trozos.push(t));
        res.on('end', () => {
          clearTimeout(limite);
          ok({
            status: res.statusCode ?? 0,
            cuerpo: Buffer.concat(trozos),
            ms: performance.now() - desde,
          });
        });
        res.on('error', mal);
      },
    );
    // Un límite total (no de inactividad del socket), desde la hora programada.
    const limite = setTimeout(
      () => req.destroy(new Error(`sin respuesta en ${LIMITE_PETICION_MS / 1000} s`)),
      Math.max(0, desde + LIMITE_PETICION_MS - performance.now()),
    );
    req.on('error', (e) => {
      clearTimeout(limite);
      mal(e);
    });
    // Por si se cierra sin 'end' ni 'error' (después de una respuesta entera no cambia nada).
    req.on('close', () => {
      clearTimeout(limite);
      mal(new Error('conexión cerrada sin respuesta completa'));
    });
    req.end(cuerpo);
  });
}

/** Lo que manda el navegador en el envío: la sesión y el origen propio (misma página). */
function cabecerasEnvio(c: ConfigCarga, cookie: string, frontera: string, largo: number) {
  return {
    cookie,
    origin: `http://${c.host}:${c.puerto}`,
    'sec-fetch-site': 'same-origin',
    'sec-fetch-mode': 'cors',
    accept: '*/*',
    'content-type': `multipart/form-data; boundary=${frontera}`,
    'content-length': largo,
  };
}

/** Envía la inscripción de un hijo: 2xx y la inscripción del ciclo para ese alumno, o lanza. */
export async function inscribirHijo(
  agente: http.Agent,
  c: ConfigCarga,
  g: Guardian,
  hijo: HijoBench,
  pdf: Buffer,
  az: Azar,
  desde?: number,
): Promise<Respuesta> {
  const frontera = `----bench${hijo.id}x${Math.floor(az.real() * 1e9)}`;
  const cuerpo = cuerpoMultipart(camposInscripcion(hijo, az), pdf, frontera);
  return pedirCon(
    agente,
    c,
    'POST',
    `/api/alumnos/${hijo.id}/inscribir`,
    cabecerasEnvio(c, g.cookie, frontera, cuerpo.length),
    cuerpo,
    desde,
  );
}

export function leer(
  agente: http.Agent,
  c: ConfigCarga,
  cookie: string,
  lectura: (typeof LECTURAS)[number],
  desde?: number,
) {
  return pedirCon(
    agente,
    c,
    'GET',
    lectura.ruta,
    { cookie, accept: lectura.acepta },
    undefined,
    desde,
  );
}

/** ¿La respuesta del envío es la inscripción de ese hijo? (`null` si sí; si no, el motivo.) */
export function revisarEnvio(r: Respuesta, hijo: HijoBench, ciclo: number): string | null {
  if (r.status < 200 || r.status >= 300) return `${r.status}: ${r.cuerpo.toString().slice(0, 200)}`;
  try {
    const j = JSON.parse(r.cuerpo.toString()) as {
      alumno?: unknown;
      ciclo?: unknown;
      orden?: unknown;
    };
    if (j.alumno !== hijo.id || j.ciclo !== ciclo || typeof j.orden !== 'number')
      return `${r.status} con otra respuesta: ${r.cuerpo.toString().slice(0, 200)}`;
  } catch {
    return `${r.status} sin JSON: ${r.cuerpo.toString().slice(0, 200)}`;
  }
  return null;
}

export interface PorTipo {
  /**
   * Latencia de cada petición (ms) desde su hora programada: las respuestas y también los
   * errores de conexión y timeouts, con el tiempo hasta el error (así la cola no se esconde).
   */
  latencias: number[];
  /** 2xx (en los envíos: con la inscripción del hijo en la respuesta). */
  ok: number;
  /** Respuestas no 2xx, o 2xx con una respuesta inesperada. */
  rechazadas: number;
  /** Errores de conexión y peticiones sin respuesta en LIMITE_PETICION_MS. */
  fallidas: number;
  codigos: Record<string, number>;
}

/** Una parte de un escalón: el calentamiento o la medición. */
export interface Ventana {
  /** Llegadas programadas en la ventana. */
  llegadas: number;
  /** Duración programada (llegadas / tasa). */
  programados: number;
  /**
   * Desde el comienzo de la ventana hasta la última respuesta (o error) de sus llegadas, y
   * nunca menos que lo programado: el divisor de las req/s logradas.
   */
  segundos: number;
  porTipo: Record<TipoPeticion, PorTipo>;
  /** Atraso de cada despacho respecto de su hora programada (ms): el del generador. */
  atrasos: number[];
}

/**
 * Cómo terminó cada envío de la corrida entera (ids de los hijos), para cotejarlo con la base,
 * y el turno del próximo (los envíos recorren los referentes en orden, de escalón en escalón).
 */
export interface Envios {
  turno: number;
  /** 2xx con la inscripción del hijo: tiene que estar guardada. */
  aceptados: number[];
  /** No 2xx o respuesta inesperada: no tiene que haber quedado nada. */
  rechazados: number[];
  /** Sin respuesta (error de conexión o timeout): pudo guardarse o no. */
  inciertos: number[];
}

export const enviosVacios = (): Envios => ({
  turno: 0,
  aceptados: [],
  rechazados: [],
  inciertos: [],
});

export interface ResultadoEscalon {
  /** Llegadas por segundo ofrecidas. */
  tasa: number;
  calentamiento: Ventana;
  medicion: Ventana;
  /** Máximo de peticiones en vuelo a la vez (calentamiento y medición). */
  enVueloMax: number;
  /** Envíos que no se hicieron (lectura en su lugar) porque al referente no le quedaban hijos. */
  sinHijos: number;
  /** Hasta 10 ejemplos de errores, con la petición. */
  ejemplos: string[];
}

/** Llegadas de `segundos` segundos a `tasa` por segundo. */
export const llegadasEn = (tasa: number, segundos: number) => Math.round(tasa * segundos);

/** Como mucho, cuántos envíos salen en las primeras `llegadas` llegadas de un escalón. */
export const enviosMaximos = (llegadas: number) =>
  Math.ceil(llegadas / BLOQUE_MEZCLA) * ENVIOS_POR_BLOQUE;

const dormir = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

/**
 * Un escalón de lazo abierto: `calentamiento` segundos y después `segundos` segundos de
 * llegadas a `tasa` por segundo, seguidas (la llegada i sale a los i / tasa s del comienzo,
 * sin esperar las respuestas de las anteriores); al final espera las que siguen en vuelo.
 *
 * Cada llegada: el tipo por la mezcla (BLOQUE_MEZCLA); una lectura va con la sesión de un
 * referente al azar y es una de LECTURAS al azar; un envío va con la del referente de turno
 * (`envios.turno`) y manda la inscripción del próximo hijo de su cola, que se saca al
 * despachar (ningún hijo se envía dos veces). La latencia se cuenta desde la hora programada.
 */
export async function correrEscalon(
  c: ConfigCarga,
  guardianes: Guardian[],
  opciones: {
    tasa: number;
    calentamiento: number;
    segundos: number;
    ciclo: number;
    semilla: number;
    pdf: Buffer;
    agente: http.Agent;
    envios: Envios;
  },
): Promise<ResultadoEscalon> {
  const { tasa, agente, pdf, ciclo, envios } = opciones;
  const az = new Azar(SEMILLA_CARGA + opciones.semilla * 1_000_003);
  const vacio = (): PorTipo => ({ latencias: [], ok: 0, rechazadas: 0, fallidas: 0, codigos: {} });
  const ventana = (llegadas: number): Ventana => ({
    llegadas,
    programados: llegadas / tasa,
    segundos: llegadas / tasa,
    porTipo: { mishijos: vacio(), pagina: vacio(), reglamentos: vacio(), inscribir: vacio() },
    atrasos: [],
  });
  const calentamiento = ventana(llegadasEn(tasa, opciones.calentamiento));
  const medicion = ventana(llegadasEn(tasa, opciones.segundos));
  const total = calentamiento.llegadas + medicion.llegadas;
  const periodo = 1000 / tasa;

  const ejemplos: string[] = [];
  const anotar = (e: string) => {
    if (ejemplos.length < 10) ejemplos.push(e);
  };
  let sinHijos = 0;
  let enVuelo = 0;
  let enVueloMax = 0;

  // Las posiciones de los envíos en el bloque de la mezcla en curso (se sortean al empezarlo).
  let posiciones = new Set<number>();
  const esEnvio = (i: number) => {
    if (i % BLOQUE_MEZCLA === 0) {
      const lugares = Array.from({ length: BLOQUE_MEZCLA }, (_, k) => k);
      for (let k = 0; k < ENVIOS_POR_BLOQUE; k++) {
        const j = az.entero(k, BLOQUE_MEZCLA - 1);
        [lugares[k], lugares[j]] = [lugares[j]!, lugares[k]!];
      }
      posiciones = new Set(lugares.slice(0, ENVIOS_POR_BLOQUE));
    }
    return posiciones.has(i % BLOQUE_MEZCLA);
  };

  const inicio = performance.now();
  const inicioMedicion = inicio + calentamiento.llegadas * periodo;

  /** Arma y manda la llegada i (lo sincrónico, sorteos incluidos, corre en orden de llegada). */
  const despachar = async (i: number, programada: number) => {
    const v = i < calentamiento.llegadas ? calentamiento : medicion;
    let g: Guardian;
    let hijo: HijoBench | undefined;
    if (esEnvio(i)) {
      g = guardianes[envios.turno++ % guardianes.length]!;
      hijo = g.pendientes.shift();
      if (!hijo) sinHijos++;
    } else g = az.elegir(guardianes);
    let tipo: TipoPeticion;
    let peticion: Promise<Respuesta>;
    let revisar: (r: Respuesta) => string | null;
    if (hijo) {
      const h = hijo;
      tipo = 'inscribir';
      peticion = inscribirHijo(agente, c, g, h, pdf, az, programada);
      revisar = (r) => revisarEnvio(r, h, ciclo);
    } else {
      const lectura = az.elegir(LECTURAS);
      tipo = lectura.tipo;
      peticion = leer(agente, c, g.cookie, lectura, programada);
      revisar = (r) =>
        r.status >= 200 && r.status < 300
          ? null
          : `${r.status}: ${r.cuerpo.toString().slice(0, 200)}`;
    }
    v.atrasos.push(performance.now() - programada);
    enVuelo++;
    enVueloMax = Math.max(enVueloMax, enVuelo);
    const t = v.porTipo[tipo];
    const nombre = hijo ? `POST inscribir ${hijo.id}` : tipo;
    try {
      const r = await peticion;
      t.latencias.push(r.ms);
      t.codigos[r.status] = (t.codigos[r.status] ?? 0) + 1;
      const problema = revisar(r);
      if (problema) {
        t.rechazadas++;
        if (hijo) envios.rechazados.push(hijo.id);
        anotar(`${nombre} (${g.familia.email}, ${tasa} req/s) → ${problema}`);
      } else {
        t.ok++;
        if (hijo) envios.aceptados.push(hijo.id);
      }
    } catch (e) {
      t.latencias.push(performance.now() - programada);
      t.fallidas++;
      if (hijo) envios.inciertos.push(hijo.id);
      anotar(`${nombre} (${g.familia.email}, ${tasa} req/s) → ${(e as Error).message}`);
    } finally {
      enVuelo--;
      const desdeVentana = v === calentamiento ? inicio : inicioMedicion;
      v.segundos = Math.max(v.segundos, (performance.now() - desdeVentana) / 1000);
    }
  };

  // El programador: despacha cada llegada a su hora (las atrasadas, enseguida y en orden).
  const enCurso: Promise<void>[] = [];
  for (let i = 0; i < total;) {
    const programada = inicio + i * periodo;
    const espera = programada - performance.now();
    if (espera > 0) {
      await dormir(espera);
      continue;
    }
    enCurso.push(despachar(i, programada));
    i++;
  }
  await Promise.all(enCurso);
  return { tasa, calentamiento, medicion, enVueloMax, sinHijos, ejemplos };
}
