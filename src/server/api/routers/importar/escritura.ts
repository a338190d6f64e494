/**
 * La escritura de un plan de importación (issue 34 §1), dentro de la transacción de `aplicar`: cada
 * tabla en una o dos sentencias, sea cual sea el número de filas (las filas viajan como un único
 * parámetro jsonb, `jsonb_to_recordset`, y los ids nuevos se reservan antes con `nextval`). Devuelve
 * lo escrito con su antes y después (importacion_cambios, para deshacer) y las entradas de auditoría.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Actualizacion, Existentes, Operaciones, Ref } from '@/domain/importacion/plan';
import type { EntradaAuditoria } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import type { Ctx } from '@/server/contexto';
import { filasDe } from '@/server/db/sql';

export interface CambioRegistrado {
  entidad: string;
  clave: string;
  accion: 'crear' | 'actualizar';
  antes: Record<string, unknown> | null;
  despues: Record<string, unknown>;
}

const json = (x: unknown) => sql`${JSON.stringify(x)}::jsonb`;

/** Reserva `n` ids de la secuencia de la tabla (una sentencia). */
async function reservarIds(ctx: Ctx, tabla: string, n: number): Promise<number[]> {
  if (!n) return [];
  const filas = filasDe<{ id: number | string }>(
    await ctx.db.execute(
      sql`select nextval(pg_get_serial_sequence(${tabla}, 'id')) as id from generate_series(1, ${n}::int)`,
    ),
  );
  return filas.map((f) => Number(f.id));
}

/** Columnas de cada tabla que escribe la importación: nombre en la base y tipo de SQL. */
const COLUMNAS = {
  cursos: { anio: 'int', division: 'int', especialidad: 'text' },
  alumnos: {
    dni: 'int',
    apellido: 'text',
    nombre: 'text',
    genero: 'genero',
    nacimiento: 'date',
    email: 'text',
    telefono: 'text',
  },
  referentes: {
    apellido: 'text',
    nombre: 'text',
    email: 'text',
    telefono: 'text',
    exalumno: 'boolean',
  },
  usuarios: { email: 'text', apellido: 'text', nombre: 'text', telefono: 'text', rls: 'int' },
} as const;
type Tabla = keyof typeof COLUMNAS;

/** insert into tabla (id, columnas…) select … from jsonb_to_recordset(filas). */
async function insertar(ctx: Ctx, tabla: Tabla, filas: readonly Record<string, unknown>[]) {
  if (!filas.length) return;
  const cols = Object.entries(COLUMNAS[tabla]);
  const nombres = sql.raw(['id', ...cols.map(([c]) => c)].join(', '));
  const definicion = sql.raw(
    ['id int', ...cols.map(([c, t]) => `${c} ${t === 'genero' || t === 'date' ? 'text' : t}`)].join(
      ', ',
    ),
  );
  const select = sql.raw(
    [
      'id',
      ...cols.map(([c, t]) => (t === 'genero' ? `${c}::genero` : t === 'date' ? `${c}::date` : c)),
    ].join(', '),
  );
  await ctx.db.execute(
    sql`insert into ${sql.raw(tabla)} (${nombres}) select ${select} from jsonb_to_recordset(${json(filas)}) as t(${definicion})`,
  );
}

/** update tabla set col = (si la fila la trae) … from jsonb_to_recordset(filas): una sentencia. */
export async function actualizarEnLote(
  ctx: Pick<Ctx, 'db'>,
  tabla: Tabla,
  filas: readonly { id: number; set: Record<string, unknown> }[],
) {
  if (!filas.length) return;
  const cols = Object.entries(COLUMNAS[tabla]).filter(([c]) => c !== 'dni');
  const asignaciones: SQL[] = cols.map(([c, t]) => {
    const tipo = t === 'genero' ? 'genero' : t;
    return sql.raw(
      `${c} = case when s.set ? '${c}' then (s.set->>'${c}')::${tipo} else x.${c} end`,
    );
  });
  await ctx.db.execute(
    sql`update ${sql.raw(tabla)} x set ${sql.join(asignaciones, sql`, `)}
      from jsonb_to_recordset(${json(filas)}) as s(id int, set jsonb) where x.id = s.id`,
  );
}

/**
 * Escribe las operaciones del plan. `existentes`: lo que había (el antes de cada actualización).
 * `ciclo`: el del curso de los alumnos. Devuelve lo escrito y la auditoría.
 */
export async function escribir(
  ctx: Ctx,
  ops: Operaciones,
  existentes: Existentes,
  ciclo: number,
): Promise<{ cambios: CambioRegistrado[]; auditoria: EntradaAuditoria[] }> {
  const cambios: CambioRegistrado[] = [];
  const auditoria: EntradaAuditoria[] = [];
  const nuevos = new Map<string, number>();
  const resolver = (r: Ref) => ('id' in r ? r.id : nuevos.get(r.nuevo)!);

  async function altas<V extends object>(
    tabla: Tabla,
    entidad: string,
    lista: readonly { clave: string; valores: V }[],
  ) {
    const ids = await reservarIds(ctx, tabla, lista.length);
    lista.forEach((x, i) => nuevos.set(x.clave, ids[i]!));
    await insertar(
      ctx,
      tabla,
      lista.map((x, i) => ({ id: ids[i], ...x.valores })),
    );
    lista.forEach((x, i) => {
      const despues = { ...x.valores } as Record<string, unknown>;
      cambios.push({ entidad, clave: String(ids[i]), accion: 'crear', antes: null, despues });
      auditoria.push({ accion: 'importar', entidad, entidadId: ids[i], despues });
    });
  }

  async function actualizaciones<V extends object>(
    tabla: Tabla,
    entidad: string,
    lista: readonly Actualizacion<V>[],
    antesDe: (id: number) => object | undefined,
  ) {
    await actualizarEnLote(
      ctx,
      tabla,
      lista.map((a) => ({ id: a.id, set: a.set as Record<string, unknown> })),
    );
    for (const a of lista) {
      const fila = (antesDe(a.id) ?? {}) as Record<string, unknown>;
      const antes = Object.fromEntries(Object.keys(a.set).map((k) => [k, fila[k] ?? null]));
      const despues = { ...a.set } as Record<string, unknown>;
      cambios.push({ entidad, clave: String(a.id), accion: 'actualizar', antes, despues });
      auditoria.push({ accion: 'importar', entidad, entidadId: a.id, antes, despues });
    }
  }

  const porId = <T extends { id: number }>(xs: readonly T[]) => {
    const m = new Map(xs.map((x) => [x.id, x]));
    return (id: number) => m.get(id);
  };

  await altas('cursos', 'cursos', ops.cursos.crear);
  await actualizaciones('cursos', 'cursos', ops.cursos.actualizar, porId(existentes.cursos));
  await altas('alumnos', 'alumnos', ops.alumnos.crear);
  await actualizaciones('alumnos', 'alumnos', ops.alumnos.actualizar, porId(existentes.alumnos));
  await altas('referentes', 'referentes', ops.referentes.crear);
  await actualizaciones(
    'referentes',
    'referentes',
    ops.referentes.actualizar,
    porId(existentes.referentes),
  );
  await altas('usuarios', 'usuarios', ops.usuarios.crear);
  await actualizaciones(
    'usuarios',
    'usuarios',
    ops.usuarios.actualizar,
    porId(existentes.usuarios),
  );

  // El curso del ciclo de cada alumno (alta o cambio).
  if (ops.cursoDeAlumno.length) {
    const alumnoAntes = porId(existentes.alumnos);
    const filas = ops.cursoDeAlumno.map((c) => ({
      alumno: resolver(c.alumno),
      curso: resolver(c.curso),
    }));
    await ctx.db.execute(sql`
      insert into alumnos_cursos (alumno_id, curso_id, ciclolectivo)
      select alumno, curso, ${ciclo}::int from jsonb_to_recordset(${json(filas)}) as t(alumno int, curso int)
      on conflict (alumno_id, ciclolectivo) do update set curso_id = excluded.curso_id`);
    for (const f of filas) {
      const previo = alumnoAntes(f.alumno)?.cursoId ?? null;
      const despues = { cursoId: f.curso };
      const clave = `${f.alumno}:${ciclo}`;
      cambios.push(
        previo == null
          ? { entidad: 'alumnos_cursos', clave, accion: 'crear', antes: null, despues }
          : {
              entidad: 'alumnos_cursos',
              clave,
              accion: 'actualizar',
              antes: { cursoId: previo },
              despues,
            },
      );
      auditoria.push({
        accion: 'importar',
        entidad: 'alumnos_cursos',
        entidadId: f.alumno,
        antes: { ciclo, curso: previo },
        despues: { ciclo, curso: f.curso },
      });
    }
  }

  // Vínculos: la escuela es la fuente, nacen confirmados por quien importa.
  const confirmacion = { usuario: ctx.sesion.usuario.id };
  const vinculados: { alumno: number; referente: number }[] = [];
  if (ops.vinculos.crear.length) {
    const filas = ops.vinculos.crear.map((v) => ({
      alumno: resolver(v.alumno),
      referente: resolver(v.referente),
    }));
    const creados = filasDe<{ alumno_id: number; referente_id: number }>(
      await ctx.db.execute(sql`
        insert into alumnos_referentes (alumno_id, referente_id, confirmado, confirmado_por, confirmado_en, confirmado_con)
        select alumno, referente, true, ${confirmacion.usuario}::int, now(), 'personal'
        from jsonb_to_recordset(${json(filas)}) as t(alumno int, referente int)
        on conflict do nothing returning alumno_id, referente_id`),
    );
    for (const v of creados) {
      vinculados.push({ alumno: v.alumno_id, referente: v.referente_id });
      const despues = { confirmado: true };
      cambios.push({
        entidad: 'alumnos_referentes',
        clave: `${v.alumno_id}:${v.referente_id}`,
        accion: 'crear',
        antes: null,
        despues,
      });
      auditoria.push({
        accion: 'importar',
        entidad: 'alumnos_referentes',
        entidadId: v.referente_id,
        despues: { alumno: v.alumno_id, referente: v.referente_id, confirmado: true },
      });
    }
  }
  if (ops.vinculos.confirmar.length) {
    const filas = ops.vinculos.confirmar.map((v) => ({
      alumno: v.alumnoId,
      referente: v.referenteId,
    }));
    const previos = filasDe<{
      alumno_id: number;
      referente_id: number;
      confirmado_por: number | null;
      confirmado_en: string | null;
      confirmado_con: string | null;
    }>(
      await ctx.db.execute(sql`
        update alumnos_referentes x set confirmado = true, confirmado_por = ${confirmacion.usuario}::int,
          confirmado_en = now(), confirmado_con = 'personal'
        from jsonb_to_recordset(${json(filas)}) as t(alumno int, referente int),
          lateral (select confirmado_por, confirmado_en::text, confirmado_con from alumnos_referentes p
            where p.alumno_id = t.alumno and p.referente_id = t.referente) as previo
        where x.alumno_id = t.alumno and x.referente_id = t.referente and x.confirmado = false
        returning x.alumno_id, x.referente_id, previo.confirmado_por, previo.confirmado_en, previo.confirmado_con`),
    );
    for (const v of previos) {
      vinculados.push({ alumno: v.alumno_id, referente: v.referente_id });
      const antes = {
        confirmado: false,
        confirmadoPor: v.confirmado_por,
        confirmadoEn: v.confirmado_en,
        confirmadoCon: v.confirmado_con,
      };
      cambios.push({
        entidad: 'alumnos_referentes',
        clave: `${v.alumno_id}:${v.referente_id}`,
        accion: 'actualizar',
        antes,
        despues: { confirmado: true },
      });
      auditoria.push({
        accion: 'confirmar',
        entidad: 'alumnos_referentes',
        entidadId: v.referente_id,
        antes: { alumno: v.alumno_id, referente: v.referente_id, confirmado: false },
        despues: {
          alumno: v.alumno_id,
          referente: v.referente_id,
          confirmado: true,
          confirmadoCon: 'personal',
        },
      });
    }
  }
  // El aviso a los referentes que ya estaban confirmados (issue 35), en la misma transacción.
  if (vinculados.length) await encolar(ctx.db, { tipo: 'vinculo', vinculos: vinculados });
  return { cambios, auditoria };
}
