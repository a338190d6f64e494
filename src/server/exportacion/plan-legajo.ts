/**
 * Qué tiene el portal de un alumno (issue 34 §3, legajo para un pase o un pedido de acceso de la
 * Ley 25.326 art. 14): se deduce de las claves foráneas del esquema, no de una lista a mano.
 * - Propias: `alumnos` (su fila) y toda tabla con una clave foránea a `alumnos`, y las que a su
 *   vez apuntan a una propia (la ficha médica apunta a la inscripción anual).
 * - De su cuenta: `usuarios` (la suya) y toda fila de una tabla con una clave foránea a `usuarios`
 *   que lo nombra (sus respuestas a reglamentos, sus sesiones, lo que subió).
 * - Referidas: las filas que las propias nombran (el curso, el cursado, la materia, la mesa, el
 *   referente de la familia, el archivo), un nivel; de `usuarios`, sólo la del alumno.
 * - La auditoría: lo que hizo el alumno y las entradas sobre sus filas (`condicionAuditoria`).
 * Cada tabla a la que llega el recorrido necesita su título en `SECCIONES_LEGAJO`: una tabla nueva
 * que apunta al alumno sin título hace fallar tests/unit/plan-legajo.test.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { id, tablasDelEsquema, type TablaMeta } from './tablas';

/** El título de cada tabla del legajo (el índice lo muestra), en el orden del índice. */
export const SECCIONES_LEGAJO: Record<string, string> = {
  alumnos: 'Datos personales',
  usuarios: 'Cuenta del portal',
  alumnos_cursos: 'Cursos por ciclo lectivo',
  inscripciones_anuales: 'Inscripciones anuales',
  fichas_medicas: 'Fichas médicas',
  declaraciones_ingles: 'Declaraciones de nivel de inglés',
  inscripciones: 'Inscripciones a cursados',
  asistencias: 'Asistencias',
  reincorporaciones: 'Reincorporaciones',
  medidas: 'Medidas disciplinarias',
  notas: 'Notas',
  examenes: 'Exámenes',
  mesas_alumnos: 'Mesas de examen',
  pics_alumnos: 'Períodos de intensificación (PIC)',
  avances: 'Avances',
  alumnos_referentes: 'Vínculos con referentes',
  referentes: 'Referentes (familia)',
  codigos_vinculacion: 'Código de vinculación',
  intentos_vinculacion: 'Intentos de vinculación',
  respuestas_reglamentos: 'Respuestas a reglamentos',
  jcd_elecciones: 'Jornada cultural y deportiva: elección',
  gimnasia_elecciones: 'Gimnasia electiva: elección',
  enlaces_calendario: 'Enlace del calendario personal',
  sesiones: 'Sesiones en el portal',
  avisos: 'Avisos del portal',
  avisos_envios: 'Correos de avisos',
  avisos_preferencias: 'Preferencias de avisos',
  avisos_ajustes: 'Hora del resumen diario de avisos',
  avisos_consentimientos: 'Cambios de preferencias de avisos',
  comunicado_destinatarios: 'Comunicados recibidos',
  comunicado_lecturas: 'Comunicados leídos',
  comunicados: 'Comunicados (referencia)',
  archivos: 'Archivos subidos',
  cursos: 'Cursos (referencia)',
  cursados: 'Cursados (referencia)',
  materias: 'Materias (referencia)',
  mesas_materias: 'Mesas y materias (referencia)',
  pics: 'PIC (referencia)',
  avances_planillas: 'Planillas de avances (referencia)',
  jcd_actividades: 'Actividades de la jornada (referencia)',
  reglamentos: 'Reglamentos (referencia)',
  dispositivos_admin: 'Dispositivos (referencia)',
  auditoria: 'Registro de auditoría',
};

/** Columnas que son credenciales: la fila va, el valor no. */
export const COLUMNAS_RESERVADAS: ReadonlySet<string> = new Set([
  'codigos_vinculacion.codigo',
  'enlaces_calendario.token',
  'dispositivos_admin.huella_clave',
]);

/** Una condición sobre las filas de una tabla, con el alias que le dé la consulta. */
type Condicion = (alias: string) => SQL;

export interface ParteLegajo {
  tabla: TablaMeta;
  titulo: string;
  /** Por qué está: propia, de su cuenta, referida o auditoría. */
  origen: 'propia' | 'cuenta' | 'referida' | 'auditoria';
  donde: SQL;
}

const col = (alias: string, c: string) => sql.raw(`${alias}.${id(c)}`);
const tupla = (alias: string, cs: string[]) =>
  sql.raw(`(${cs.map((c) => `${alias}.${id(c)}`).join(', ')})`);
/** Las columnas de un SELECT (sin paréntesis: una tupla entre paréntesis sería una sola columna). */
const lista = (alias: string, cs: string[]) =>
  sql.raw(cs.map((c) => `${alias}.${id(c)}`).join(', '));
const o =
  (cs: Condicion[]): Condicion =>
  (a) =>
    sql`(${sql.join(
      cs.map((c) => c(a)),
      sql` or `,
    )})`;

/** Las tablas del legajo y el orden de su recorrido (sin ids: sirve a la prueba del esquema). */
export function tablasDelLegajo(): { tabla: string; origen: ParteLegajo['origen'] }[] {
  return planDelLegajo(0, 0).map((p) => ({ tabla: p.tabla.nombre, origen: p.origen }));
}

/** El plan del legajo del alumno `alumno` (con su usuario `usuario`, si tiene cuenta). */
export function planDelLegajo(alumno: number, usuario: number | null): ParteLegajo[] {
  const tablas = tablasDelEsquema();
  const porNombre = new Map(tablas.map((t) => [t.nombre, t]));
  const propias = new Map<string, Condicion[]>();
  const agregar = (m: Map<string, Condicion[]>, t: string, c: Condicion) =>
    m.set(t, [...(m.get(t) ?? []), c]);

  agregar(propias, 'alumnos', (a) => sql`${col(a, 'id')} = ${alumno}`);
  // Las que apuntan a una propia, hasta que no aparezcan nuevas (a `usuarios` y `archivos` no se
  // baja: son de todos; a la auditoría tampoco, no tiene claves).
  const vistas = new Set<string>();
  for (let cambio = true; cambio;) {
    cambio = false;
    for (const [padre, condPadre] of [...propias]) {
      if (vistas.has(padre)) continue;
      vistas.add(padre);
      cambio = true;
      for (const t of tablas) {
        for (const f of t.foraneas.filter((f) => f.tabla === padre)) {
          if (t.nombre === padre) continue;
          const cp = o(condPadre);
          agregar(
            propias,
            t.nombre,
            (a) =>
              sql`${tupla(a, f.columnas)} in (select ${lista('p', f.referidas)} from ${sql.raw(id(padre))} p where ${cp('p')})`,
          );
        }
      }
    }
  }
  const cuenta = new Map<string, Condicion[]>();
  if (usuario != null) {
    const u = usuario;
    agregar(cuenta, 'usuarios', (a) => sql`${col(a, 'id')} = ${u}`);
    for (const t of tablas)
      for (const f of t.foraneas.filter((f) => f.tabla === 'usuarios' && f.columnas.length === 1))
        agregar(cuenta, t.nombre, (a) => sql`${col(a, f.columnas[0]!)} = ${u}`);
  }
  // Lo que nombran las propias (un nivel), salvo otros usuarios.
  const referidas = new Map<string, Condicion[]>();
  for (const [hija, condHija] of propias) {
    for (const f of porNombre.get(hija)!.foraneas) {
      if (propias.has(f.tabla) || f.tabla === 'usuarios') continue;
      const ch = o(condHija);
      agregar(
        referidas,
        f.tabla,
        (a) =>
          sql`${tupla(a, f.referidas)} in (select ${lista('h', f.columnas)} from ${sql.raw(id(hija))} h where ${ch('h')})`,
      );
    }
  }

  const partes: ParteLegajo[] = [];
  const orden = Object.keys(SECCIONES_LEGAJO);
  const nombres = new Set([...propias.keys(), ...cuenta.keys(), ...referidas.keys()]);
  // Las propias y las referidas llevan su título escrito acá; lo que sólo nombra a su usuario
  // (tablas del personal: un alumno no suele tener filas) se titula por la tabla.
  for (const nombre of nombres) {
    if (!SECCIONES_LEGAJO[nombre] && (propias.has(nombre) || referidas.has(nombre)))
      throw new Error(`La tabla ${nombre} llega al legajo y no tiene título en SECCIONES_LEGAJO.`);
  }
  const lugar = (n: string) => (orden.includes(n) ? orden.indexOf(n) : orden.length);
  for (const nombre of [...nombres].sort((a, b) => lugar(a) - lugar(b) || a.localeCompare(b))) {
    const conds = [
      ...(propias.get(nombre) ?? []),
      ...(cuenta.get(nombre) ?? []),
      ...(referidas.get(nombre) ?? []),
    ];
    partes.push({
      tabla: porNombre.get(nombre)!,
      titulo: SECCIONES_LEGAJO[nombre] ?? `Registros de su cuenta (${nombre})`,
      origen: propias.has(nombre) ? 'propia' : cuenta.has(nombre) ? 'cuenta' : 'referida',
      donde: o(conds)(id(nombre)),
    });
  }
  partes.push({
    tabla: porNombre.get('auditoria')!,
    titulo: SECCIONES_LEGAJO.auditoria!,
    origen: 'auditoria',
    donde: condicionAuditoria(alumno, usuario, propias, porNombre),
  });
  return partes;
}

/**
 * Las entradas de la auditoría sobre el alumno: las que hizo él; las de su fila y la de su
 * usuario; las de cada fila propia (entidad = la tabla y entidad_id = su clave, en las tablas de
 * clave simple); las de claves compuestas que lo nombran (notas: cursado:alumno:cuatrimestre,
 * gimnasia: alumno/ciclo) y las que lo nombran en el antes o el después (`alumnoId` o `alumno`).
 */
function condicionAuditoria(
  alumno: number,
  usuario: number | null,
  propias: Map<string, Condicion[]>,
  porNombre: Map<string, TablaMeta>,
): SQL {
  const a = String(alumno);
  const conds: SQL[] = [
    sql`(entidad = 'alumnos' and entidad_id = ${a})`,
    sql`(entidad = 'nota' and split_part(entidad_id, ':', 2) = ${a})`,
    sql`(entidad = 'gimnasia_elecciones' and split_part(entidad_id, '/', 1) = ${a})`,
    sql`jsonb_path_exists(jsonb_build_array(antes, despues), '$.** ? (@.alumnoId == $a || @.alumno == $a)', jsonb_build_object('a', ${alumno}::int))`,
  ];
  if (usuario != null)
    conds.push(
      sql`usuario_id = ${usuario}`,
      sql`(entidad = 'usuarios' and entidad_id = ${String(usuario)})`,
    );
  for (const [nombre, cs] of propias) {
    const t = porNombre.get(nombre)!;
    if (nombre === 'alumnos' || t.clave.length !== 1) continue;
    conds.push(
      sql`(entidad = ${nombre} and entidad_id in (select ${col('x', t.clave[0]!)}::text from ${sql.raw(id(nombre))} x where ${o(cs)('x')}))`,
    );
  }
  return sql`(${sql.join(conds, sql` or `)})`;
}
