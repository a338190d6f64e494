/**
 * El plan de una importación (issue 34 §1): las filas leídas contra lo que ya hay → qué pasa con
 * cada entidad (crear, actualizar con los cambios, sin cambios, omitir con el motivo) y las
 * operaciones a escribir. La misma función arma la vista previa y lo que se aplica: lo que dice
 * la vista previa es lo que queda en la base. Puro.
 *
 * Reglas: alumnos por DNI; tutores y personal por email (el teléfono y el nombre, sólo un aviso);
 * cursos por año y división (o especialidad). Nunca se borra; una actualización no vacía un campo
 * que la planilla deja vacío salvo con `vaciar`; al personal se le agregan roles, nunca se le
 * quitan. Un DNI repetido en el archivo: la segunda fila es un error. Un tutor de dos hermanos es
 * uno solo con dos vínculos.
 */
import { ESPECIALIDAD_BASICO, esCicloBasico, nombreCurso } from '../escuela';
import { ETIQUETA_ROL, rolesDe } from '../roles';
import { fechaLegible, sinAcentos } from '../texto';
import { dniLegible, ROLES_PERSONAL, type CursoLeido } from './celdas';
import type { Mapeo } from './campos';
import { clavePersona, filaVacia, leerFila, type FilaLeida } from './filas';
import type {
  TipoEntidad,
  Accion,
  Cambio,
  Entidad,
  FilaResultado,
  CuentasAccion,
  Cuentas,
  ReferenteExistente,
  CursoExistente,
  Existentes,
  Ref,
  ValoresAlumno,
  ValoresReferente,
  ValoresUsuario,
  ValoresCurso,
  Operaciones,
  Plan,
  OpcionesPlan,
} from './tipos';

export type * from './tipos';

// ── Textos ───────────────────────────────────────────────────────────────────────────────────

const nombreDe = (p: { apellido?: string | null; nombre?: string | null }) =>
  [p.apellido, p.nombre].filter(Boolean).join(', ') || '(sin nombre)';
const soloCifras = (t: string | null | undefined) => (t ?? '').replace(/\D/g, '');

const ETIQUETAS: Record<string, string> = {
  apellido: 'Apellido',
  nombre: 'Nombre',
  genero: 'Género',
  nacimiento: 'Nacimiento',
  email: 'Email',
  telefono: 'Teléfono',
  exalumno: 'Exalumno',
  rls: 'Roles',
  especialidad: 'Especialidad',
};

function textoValor(campo: string, v: unknown): string {
  if (v == null) return '';
  if (campo === 'nacimiento' && typeof v === 'string') return fechaLegible(v);
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  if (campo === 'rls' && typeof v === 'number')
    return rolesDe(v)
      .map((r) => ETIQUETA_ROL[r])
      .join(', ');
  return String(v);
}

function iguales(campo: string, a: unknown, b: unknown): boolean {
  if (campo === 'apellido' || campo === 'nombre')
    return String(a ?? '').toLocaleLowerCase('es') === String(b ?? '').toLocaleLowerCase('es');
  if (campo === 'telefono') return soloCifras(a as string) === soloCifras(b as string);
  if (campo === 'email') return String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase();
  return (a ?? null) === (b ?? null);
}

/** Los campos que la planilla cambia: los vacíos, sólo con `vaciar` y si el campo admite vacío. */
function diferencias<V extends object>(
  antes: V,
  archivo: { [K in keyof V]?: V[K] | null },
  vaciar: boolean,
  obligatorios: readonly (keyof V)[],
): { set: Partial<V>; cambios: Cambio[] } {
  const set: Partial<V> = {};
  const cambios: Cambio[] = [];
  for (const k of Object.keys(archivo) as (keyof V & string)[]) {
    const v = archivo[k];
    if (v === undefined) continue;
    if (v === null && (!vaciar || obligatorios.includes(k))) continue;
    if (iguales(k, antes[k], v)) continue;
    set[k] = v as V[typeof k];
    cambios.push({
      campo: ETIQUETAS[k] ?? k,
      antes: textoValor(k, antes[k]),
      despues: textoValor(k, v),
    });
  }
  return { set, cambios };
}

function cambiosDeAlta(valores: object): Cambio[] {
  return Object.entries(valores)
    .filter(([k, v]) => v != null && v !== '' && k in ETIQUETAS && !(k === 'exalumno' && !v))
    .map(([k, v]) => ({ campo: ETIQUETAS[k]!, antes: '', despues: textoValor(k, v) }));
}

const entidad = (
  tipo: TipoEntidad,
  etiqueta: string,
  accion: Accion,
  extra: Partial<Entidad> = {},
): Entidad => ({ tipo, etiqueta, accion, cambios: [], motivo: null, aviso: null, ...extra });

// ── Cursos ───────────────────────────────────────────────────────────────────────────────────

const claveCurso = (anio: number, division: number) => `${anio}-${division}`;

class Cursos {
  private porClave = new Map<string, { ref: Ref; valores: ValoresCurso }>();
  constructor(existentes: readonly CursoExistente[]) {
    for (const c of existentes)
      this.porClave.set(claveCurso(c.anio, c.division), { ref: { id: c.id }, valores: c });
  }
  agregar(clave: string, valores: ValoresCurso) {
    this.porClave.set(clave, { ref: { nuevo: clave }, valores });
  }
  porDivision(anio: number, division: number) {
    return this.porClave.get(claveCurso(anio, division));
  }
  /** El curso de un alumno: por año y división, o por año y especialidad (uno solo). */
  buscar(c: CursoLeido): { curso: { ref: Ref; valores: ValoresCurso } } | { error: string } {
    const nombre = `${c.anio}° ${c.division ? `${c.division}°` : (c.especialidad ?? '')}`;
    if (c.division) {
      const curso = this.porDivision(c.anio, c.division);
      return curso ? { curso } : { error: `el curso ${nombre} no existe` };
    }
    const esp = sinAcentos(c.especialidad ?? '');
    const candidatos = [...this.porClave.values()].filter(
      (x) => x.valores.anio === c.anio && sinAcentos(x.valores.especialidad) === esp,
    );
    if (candidatos.length === 1) return { curso: candidatos[0]! };
    if (!candidatos.length) return { error: `el curso ${nombre} no existe` };
    return { error: `hay ${candidatos.length} cursos de ${nombre}: indique la división` };
  }
}

// ── El plan ──────────────────────────────────────────────────────────────────────────────────

function contar(filas: readonly FilaResultado[]): Cuentas {
  const vacia = (): CuentasAccion => ({ crear: 0, actualizar: 0, sinCambios: 0, omitir: 0 });
  const cuentas: Cuentas = {
    ...vacia(),
    errores: 0,
    porTipo: {
      alumno: vacia(),
      tutor: vacia(),
      personal: vacia(),
      curso: vacia(),
      vinculo: vacia(),
    },
  };
  const clave = {
    crear: 'crear',
    actualizar: 'actualizar',
    'sin cambios': 'sinCambios',
    omitir: 'omitir',
  } as const;
  for (const f of filas) {
    if (f.errores.length) cuentas.errores++;
    for (const e of f.entidades) {
      cuentas[clave[e.accion]]++;
      cuentas.porTipo[e.tipo][clave[e.accion]]++;
    }
  }
  return cuentas;
}

/** Las entidades de una fila con errores: todas se omiten. */
function omitidas(f: FilaLeida): Entidad[] {
  const motivo = 'La fila tiene errores.';
  const lista: Entidad[] = [];
  if (f.curso)
    lista.push(
      entidad(
        'curso',
        `${f.curso.anio}° ${f.curso.division ?? f.curso.especialidad ?? ''}`,
        'omitir',
        { motivo },
      ),
    );
  if (f.alumno) lista.push(entidad('alumno', etiquetaAlumno(f.alumno), 'omitir', { motivo }));
  for (const t of f.tutores) lista.push(entidad('tutor', etiquetaTutor(t), 'omitir', { motivo }));
  if (f.personal) lista.push(entidad('personal', etiquetaTutor(f.personal), 'omitir', { motivo }));
  return lista;
}

const etiquetaAlumno = (a: { apellido?: string | null; nombre?: string | null; dni: number }) =>
  `${nombreDe(a)} (DNI ${dniLegible(a.dni)})`;
const etiquetaTutor = (t: {
  apellido?: string | null;
  nombre?: string | null;
  email?: string | null;
}) => (t.email ? `${nombreDe(t)} <${t.email}>` : nombreDe(t));

/**
 * El plan de la planilla `filas` (sin el encabezado; la primera es la fila 2) con el `mapeo`,
 * contra `existentes` (lo que la base tiene de las personas y cursos del archivo).
 */
export function planificar(
  encabezados: readonly string[],
  filas: readonly (readonly string[])[],
  mapeo: Mapeo,
  existentes: Existentes,
  { vaciar, hoy }: OpcionesPlan,
): Plan {
  const leidas: FilaLeida[] = [];
  filas.forEach((celdas, i) => {
    if (!filaVacia(celdas)) leidas.push(leerFila(celdas, mapeo, encabezados, i + 2, { hoy }));
  });
  const error = (f: FilaLeida, columna: string, motivo: string) =>
    f.errores.push({ columna, mensaje: `Fila ${f.fila}, ${columna}: ${motivo}` });
  const columna = (clave: string, defecto: string) => {
    const i = mapeo.indexOf(clave);
    return (i >= 0 ? encabezados[i]?.trim() : '') || defecto;
  };

  const alumnosPorDni = new Map(existentes.alumnos.map((a) => [a.dni, a]));
  const usuariosPorEmail = new Map(existentes.usuarios.map((u) => [u.email.toLowerCase(), u]));
  const cursos = new Cursos(existentes.cursos);
  const ops: Operaciones = {
    cursos: { crear: [], actualizar: [] },
    alumnos: { crear: [], actualizar: [] },
    cursoDeAlumno: [],
    referentes: { crear: [], actualizar: [] },
    vinculos: { crear: [], confirmar: [] },
    usuarios: { crear: [], actualizar: [] },
  };

  // 1. Repetidos dentro del archivo: la segunda fila con el mismo DNI (o email de personal) es un error.
  const dniEnFila = new Map<number, number>();
  const emailEnFila = new Map<string, number>();
  for (const f of leidas) {
    if (f.alumno) {
      const previa = dniEnFila.get(f.alumno.dni);
      if (previa != null)
        error(
          f,
          columna('alumno.dni', 'DNI'),
          `el DNI ${dniLegible(f.alumno.dni)} ya está en la fila ${previa}`,
        );
      else dniEnFila.set(f.alumno.dni, f.fila);
    }
    if (f.personal) {
      const previa = emailEnFila.get(f.personal.email);
      if (previa != null)
        error(
          f,
          columna('personal.email', 'Email'),
          `el email ${f.personal.email} ya está en la fila ${previa}`,
        );
      else emailEnFila.set(f.personal.email, f.fila);
    }
  }

  // 2. Cursos del archivo (antes que los alumnos, que pueden ir a un curso nuevo).
  const entidadesCurso = new Map<FilaLeida, Entidad>();
  for (const f of leidas) {
    if (!f.curso || f.errores.length) continue;
    const { anio, division, especialidad } = f.curso;
    if (!division) {
      const r = cursos.buscar(f.curso);
      if ('error' in r)
        error(
          f,
          columna('curso.division', 'División'),
          `${r.error}; para crearlo indique la división`,
        );
      else entidadesCurso.set(f, entidad('curso', nombreCurso(r.curso.valores), 'sin cambios'));
      continue;
    }
    const esp = esCicloBasico(anio) ? ESPECIALIDAD_BASICO : especialidad;
    const hay = cursos.porDivision(anio, division);
    if (hay) {
      const { set, cambios } =
        'id' in hay.ref && esp && !esCicloBasico(anio)
          ? diferencias(hay.valores, { especialidad: esp }, false, [])
          : { set: {}, cambios: [] };
      if (cambios.length && 'id' in hay.ref) {
        ops.cursos.actualizar.push({ id: hay.ref.id, set });
        hay.valores = { ...hay.valores, ...set };
      }
      entidadesCurso.set(
        f,
        entidad('curso', nombreCurso(hay.valores), cambios.length ? 'actualizar' : 'sin cambios', {
          cambios,
        }),
      );
      continue;
    }
    if (!esp) {
      error(
        f,
        columna('curso.especialidad', 'Especialidad'),
        `falta la especialidad del curso ${anio}° ${division}°`,
      );
      continue;
    }
    const valores = { anio, division, especialidad: esp };
    const clave = claveCurso(anio, division);
    cursos.agregar(clave, valores);
    ops.cursos.crear.push({ clave, valores });
    entidadesCurso.set(
      f,
      entidad('curso', nombreCurso(valores), 'crear', {
        cambios: [{ campo: 'Especialidad', antes: '', despues: esp }],
      }),
    );
  }

  // 3. Lo que sólo se sabe con la base: el curso de cada alumno, los datos para crear.
  const cursoDeFila = new Map<FilaLeida, { ref: Ref; valores: ValoresCurso }>();
  for (const f of leidas) {
    const a = f.alumno;
    if (!a || f.errores.length) continue;
    if (a.curso) {
      const r = cursos.buscar(a.curso);
      const col = mapeo.includes('alumno.curso')
        ? columna('alumno.curso', 'Curso')
        : columna('alumno.division', 'División');
      if ('error' in r) error(f, col, r.error);
      else cursoDeFila.set(f, r.curso);
    }
    if (!alumnosPorDni.has(a.dni) && (!a.apellido || !a.nombre))
      error(
        f,
        columna('alumno.apellidoYNombre', 'Apellido y nombre'),
        'falta el apellido o el nombre para crear el alumno',
      );
  }
  for (const f of leidas) {
    const p = f.personal;
    if (!p || f.errores.length) continue;
    const nuevos = (p.roles ?? 0) & ~ROLES_PERSONAL & ~(usuariosPorEmail.get(p.email)?.rls ?? 0);
    if (nuevos) {
      const nombres = rolesDe(nuevos).map((r) => ETIQUETA_ROL[r]);
      error(
        f,
        columna('personal.roles', 'Roles'),
        `el rol ${nombres.join(', ')} no se da por planilla`,
      );
    }
    if (f.errores.length || usuariosPorEmail.has(p.email)) continue;
    if (!p.apellido || !p.nombre)
      error(
        f,
        columna('personal.apellido', 'Apellido'),
        'falta el apellido o el nombre para crear el usuario',
      );
    else if (!p.roles)
      error(f, columna('personal.roles', 'Roles'), 'indique al menos un rol para crear el usuario');
  }
  // Los alumnos que quedan (de la base o de filas sin errores): a ellos se vinculan los tutores.
  const alumnosDelArchivo = new Map<number, FilaLeida>();
  for (const f of leidas) if (f.alumno && !f.errores.length) alumnosDelArchivo.set(f.alumno.dni, f);
  for (const f of leidas) {
    if (f.errores.length) continue;
    for (const t of f.tutores)
      for (const dni of t.alumnos)
        if (!alumnosPorDni.has(dni) && !alumnosDelArchivo.has(dni))
          error(
            f,
            columna(`tutor${t.numero}.alumnoDni`, 'DNI del alumno'),
            dniEnFila.has(dni)
              ? `el alumno de DNI ${dniLegible(dni)} tiene errores en la fila ${dniEnFila.get(dni)}`
              : `no hay un alumno con DNI ${dniLegible(dni)}`,
          );
  }

  // 4. Las entidades de cada fila sin errores, en orden.
  const referentesPorEmail = new Map<string, ReferenteExistente>();
  for (const r of [...existentes.referentes].sort((x, y) => x.id - y.id))
    if (r.email && !referentesPorEmail.has(r.email.toLowerCase()))
      referentesPorEmail.set(r.email.toLowerCase(), r);
  const referentesPorId = new Map(existentes.referentes.map((r) => [r.id, r]));
  const vinculos = new Map(
    existentes.vinculos.map((v) => [`${v.alumnoId}:${v.referenteId}`, v.confirmado]),
  );
  /** Índices para no recorrer listas por fila (10.000 filas contra 20.000 tutores). */
  function indice<T>(xs: readonly T[], clave: (x: T) => string | number | null) {
    const m = new Map<string | number, T>();
    for (const x of xs) {
      const k = clave(x);
      if (k != null && k !== '' && !m.has(k)) m.set(k, x);
    }
    return m;
  }
  const refsPorTelefono = indice(existentes.referentes, (r) => soloCifras(r.telefono));
  const refsPorNombre = indice(existentes.referentes, clavePersona);
  const usuariosPorTelefono = indice(existentes.usuarios, (u) => soloCifras(u.telefono));
  const usuariosPorNombre = indice(existentes.usuarios, clavePersona);
  const cursosPorId = new Map(existentes.cursos.map((c) => [c.id, c]));
  const vinculosPorAlumno = new Map<number, number[]>();
  for (const v of existentes.vinculos)
    vinculosPorAlumno.set(v.alumnoId, [
      ...(vinculosPorAlumno.get(v.alumnoId) ?? []),
      v.referenteId,
    ]);
  const tutoresDelArchivo = new Map<string, { ref: Ref; fila: number; etiqueta: string }>();
  const alumnoRef = new Map<number, Ref>();
  const vinculosDelArchivo = new Set<string>();
  const clavesRef = (r: Ref) => ('id' in r ? `#${r.id}` : r.nuevo);

  const resultado: FilaResultado[] = leidas.map((f) => {
    if (f.errores.length) return { fila: f.fila, entidades: omitidas(f), errores: f.errores };
    const entidades: Entidad[] = [];
    const ec = entidadesCurso.get(f);
    if (ec) entidades.push(ec);

    // Alumno
    if (f.alumno) {
      const a = f.alumno;
      const hay = alumnosPorDni.get(a.dni);
      const curso = cursoDeFila.get(f);
      const archivo = {
        apellido: a.apellido,
        nombre: a.nombre,
        genero: a.genero,
        nacimiento: a.nacimiento,
        email: a.email,
        telefono: a.telefono,
      };
      if (hay) {
        alumnoRef.set(a.dni, { id: hay.id });
        const { set, cambios } = diferencias(hay, archivo, vaciar, ['apellido', 'nombre']);
        if (cambios.length) ops.alumnos.actualizar.push({ id: hay.id, set });
        if (curso && !('id' in curso.ref && curso.ref.id === hay.cursoId)) {
          const antes = hay.cursoId == null ? undefined : cursosPorId.get(hay.cursoId);
          cambios.push({
            campo: 'Curso',
            antes: antes ? nombreCurso(antes) : '',
            despues: nombreCurso(curso.valores),
          });
          ops.cursoDeAlumno.push({ alumno: { id: hay.id }, curso: curso.ref });
        }
        entidades.push(
          entidad(
            'alumno',
            etiquetaAlumno({ ...hay, ...set }),
            cambios.length ? 'actualizar' : 'sin cambios',
            { cambios },
          ),
        );
      } else {
        const clave = `alumno:${a.dni}`;
        alumnoRef.set(a.dni, { nuevo: clave });
        const valores: ValoresAlumno = {
          dni: a.dni,
          apellido: a.apellido!,
          nombre: a.nombre!,
          genero: a.genero ?? null,
          nacimiento: a.nacimiento ?? null,
          email: a.email ?? null,
          telefono: a.telefono ?? null,
        };
        ops.alumnos.crear.push({ clave, valores });
        const cambios = cambiosDeAlta(valores);
        if (curso) {
          cambios.push({ campo: 'Curso', antes: '', despues: nombreCurso(curso.valores) });
          ops.cursoDeAlumno.push({ alumno: { nuevo: clave }, curso: curso.ref });
        }
        entidades.push(entidad('alumno', etiquetaAlumno(valores), 'crear', { cambios }));
      }
    }

    // Tutores y sus vínculos
    for (const t of f.tutores) {
      const claveArchivo = t.email ?? `n:${clavePersona(t)}`;
      const etiqueta = etiquetaTutor(t);
      let ref: Ref;
      const ya = tutoresDelArchivo.get(claveArchivo);
      if (ya) {
        ref = ya.ref;
        entidades.push(
          entidad('tutor', ya.etiqueta, 'sin cambios', {
            aviso: `Es el mismo tutor de la fila ${ya.fila}.`,
          }),
        );
      } else {
        // Por email; sin email, el de sus alumnos con el mismo nombre.
        let hay = t.email ? referentesPorEmail.get(t.email) : undefined;
        if (!t.email) {
          const clave = clavePersona(t);
          for (const dni of t.alumnos) {
            const al = alumnosPorDni.get(dni);
            if (!al) continue;
            hay = (vinculosPorAlumno.get(al.id) ?? [])
              .map((r) => referentesPorId.get(r))
              .find((r) => r && clavePersona(r) === clave);
            if (hay) break;
          }
        }
        let aviso: string | null = null;
        if (!hay) {
          const tel = soloCifras(t.telefono);
          const parecido =
            (tel ? refsPorTelefono.get(tel) : undefined) ?? refsPorNombre.get(clavePersona(t));
          if (parecido)
            aviso = `Hay otro tutor con el mismo ${tel && soloCifras(parecido.telefono) === tel ? 'teléfono' : 'nombre'}: ${etiquetaTutor(parecido)}. Se crea uno nuevo porque el email no coincide.`;
        }
        const archivo = {
          apellido: t.apellido,
          nombre: t.nombre,
          email: t.email,
          telefono: t.telefono,
          exalumno: t.exalumno,
        };
        if (hay) {
          ref = { id: hay.id };
          const { set, cambios } = diferencias(hay, archivo, vaciar, [
            'apellido',
            'nombre',
            'exalumno',
          ]);
          if (cambios.length) ops.referentes.actualizar.push({ id: hay.id, set });
          entidades.push(
            entidad(
              'tutor',
              etiquetaTutor({ ...hay, ...set }),
              cambios.length ? 'actualizar' : 'sin cambios',
              { cambios },
            ),
          );
        } else {
          const clave = `tutor:${claveArchivo}`;
          ref = { nuevo: clave };
          const valores: ValoresReferente = {
            apellido: t.apellido!,
            nombre: t.nombre!,
            email: t.email ?? null,
            telefono: t.telefono ?? null,
            exalumno: t.exalumno ?? false,
          };
          ops.referentes.crear.push({ clave, valores });
          entidades.push(
            entidad('tutor', etiqueta, 'crear', { cambios: cambiosDeAlta(valores), aviso }),
          );
        }
        tutoresDelArchivo.set(claveArchivo, { ref, fila: f.fila, etiqueta });
      }
      for (const dni of t.alumnos) {
        const aRef =
          alumnoRef.get(dni) ??
          (alumnosPorDni.has(dni)
            ? { id: alumnosPorDni.get(dni)!.id }
            : { nuevo: `alumno:${dni}` });
        const al = alumnosPorDni.get(dni) ?? alumnosDelArchivo.get(dni)?.alumno;
        const etiquetaVinculo = `${nombreDe(t)} → ${al ? nombreDe(al) : `DNI ${dniLegible(dni)}`}`;
        const clave = `${clavesRef(aRef)}|${clavesRef(ref)}`;
        if (vinculosDelArchivo.has(clave)) {
          entidades.push(entidad('vinculo', etiquetaVinculo, 'sin cambios'));
          continue;
        }
        vinculosDelArchivo.add(clave);
        const confirmado =
          'id' in aRef && 'id' in ref ? vinculos.get(`${aRef.id}:${ref.id}`) : undefined;
        if (confirmado === true) entidades.push(entidad('vinculo', etiquetaVinculo, 'sin cambios'));
        else if (confirmado === false && 'id' in aRef && 'id' in ref) {
          ops.vinculos.confirmar.push({ alumnoId: aRef.id, referenteId: ref.id });
          entidades.push(
            entidad('vinculo', etiquetaVinculo, 'actualizar', {
              cambios: [{ campo: 'Confirmado', antes: 'No', despues: 'Sí' }],
            }),
          );
        } else {
          ops.vinculos.crear.push({ alumno: aRef, referente: ref });
          entidades.push(
            entidad('vinculo', etiquetaVinculo, 'crear', {
              cambios: [{ campo: 'Confirmado', antes: '', despues: 'Sí' }],
            }),
          );
        }
      }
    }

    // Personal
    if (f.personal) {
      const p = f.personal;
      const hay = usuariosPorEmail.get(p.email);
      if (hay) {
        const archivo = {
          apellido: p.apellido,
          nombre: p.nombre,
          telefono: p.telefono,
          rls: p.roles ? hay.rls | p.roles : undefined,
        };
        const { set, cambios } = diferencias(hay, archivo, vaciar, ['apellido', 'nombre', 'rls']);
        if (cambios.length) ops.usuarios.actualizar.push({ id: hay.id, set });
        entidades.push(
          entidad(
            'personal',
            etiquetaTutor({ ...hay, ...set }),
            cambios.length ? 'actualizar' : 'sin cambios',
            { cambios },
          ),
        );
      } else {
        const tel = soloCifras(p.telefono);
        const parecido =
          (tel ? usuariosPorTelefono.get(tel) : undefined) ??
          usuariosPorNombre.get(clavePersona(p));
        const valores: ValoresUsuario = {
          email: p.email,
          apellido: p.apellido!,
          nombre: p.nombre!,
          telefono: p.telefono ?? null,
          rls: p.roles!,
        };
        const clave = `usuario:${p.email}`;
        ops.usuarios.crear.push({ clave, valores });
        entidades.push(
          entidad('personal', etiquetaTutor(valores), 'crear', {
            cambios: cambiosDeAlta(valores),
            aviso: parecido
              ? `Hay otro usuario con el mismo ${tel && soloCifras(parecido.telefono) === tel ? 'teléfono' : 'nombre'}: ${etiquetaTutor(parecido)}.`
              : null,
          }),
        );
      }
    }
    return { fila: f.fila, entidades, errores: [] };
  });

  return { cuentas: contar(resultado), filas: resultado, operaciones: ops };
}
