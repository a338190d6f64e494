/**
 * Las personas de la escuela de demostración, generadas sin base de datos: el personal (las
 * cuentas de demostración, 40 docentes repartidos por departamento y los preceptores), ~30
 * alumnos por curso con sus familias (a veces un hermano en otro año) y las familias
 * prefijadas de las cuentas de demostración de alumno y referente.
 */
import { Rol } from '@/domain/roles';
import { CUENTAS_DEMO, EMAIL_DEMO, type CuentaDemo } from '../demo';
import { Azar, SEMILLAS } from './aleatorio';
import {
  CURSOS,
  CURSOS_PRECEPTOR_DEMO,
  CURSOS_PRECEPTOR_MULTIROL,
  DEPARTAMENTOS,
  DOCENTES_POR_DEPARTAMENTO,
  claveCurso,
  fecha,
  type Departamento,
} from './estructura';
import {
  APELLIDOS,
  NOMBRES_HOMBRES_ADULTOS,
  NOMBRES_MUJERES,
  NOMBRES_MUJERES_ADULTAS,
  NOMBRES_VARONES,
  paraCorreo,
} from './nombres';

export type Genero = 'Masculino' | 'Femenino';

export interface AlumnoGen {
  cursoClave: string;
  dni: number;
  apellido: string;
  nombre: string;
  genero: Genero | null;
  email: string;
  telefono: string;
  nacimiento: string;
  /** Email del usuario vinculado (sólo alumnos de demostración). */
  usuario: string | null;
}

export interface ReferenteGen {
  apellido: string;
  nombre: string;
  email: string | null;
  telefono: string;
  exalumno: boolean;
  usuario: string | null;
  /** Índices en la lista de alumnos. */
  hijos: number[];
}

export interface UsuarioGen {
  email: string;
  nombre: string;
  apellido: string;
  telefono: string | null;
  rls: number;
}

export interface EscuelaGen {
  usuarios: UsuarioGen[];
  docentesPorDepartamento: Map<Departamento, string[]>;
  preceptoresCursos: [string, string][];
  alumnos: AlumnoGen[];
  referentes: ReferenteGen[];
}

const DIAS_MES = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Familias prefijadas de las cuentas de demostración. */
interface HijoPrefijado {
  curso: string;
  nombre: string;
  genero: Genero;
  email?: string;
  usuario?: string;
}
interface FamiliaPrefijada {
  apellido: string;
  hijos: HijoPrefijado[];
  referentes: { nombre: string; apellido: string; email: string | null; usuario?: string }[];
}

function cuenta(email: string): CuentaDemo {
  const c = CUENTAS_DEMO.find((x) => x.email === email);
  if (!c) throw new Error(`Falta la cuenta de demostración ${email}`);
  return c;
}

function familiasDemo(): FamiliaPrefijada[] {
  const alumno = cuenta(EMAIL_DEMO.alumno);
  const institucional = cuenta(EMAIL_DEMO.alumnoInstitucional);
  const referente = cuenta(EMAIL_DEMO.referente);
  const otro = cuenta(EMAIL_DEMO.referenteOtro);
  return [
    {
      apellido: alumno.apellido,
      hijos: [
        {
          curso: claveCurso(4, 1),
          nombre: alumno.nombre,
          genero: 'Masculino',
          email: alumno.email,
          usuario: alumno.email,
        },
        { curso: claveCurso(2, 1), nombre: 'Valentina', genero: 'Femenino' },
      ],
      referentes: [
        {
          nombre: referente.nombre,
          apellido: referente.apellido,
          email: referente.email,
          usuario: referente.email,
        },
        { nombre: 'Diego', apellido: alumno.apellido, email: null },
      ],
    },
    {
      apellido: otro.apellido,
      hijos: [
        { curso: claveCurso(1, 2), nombre: 'Lucía', genero: 'Femenino' },
        { curso: claveCurso(6, 2), nombre: 'Mateo', genero: 'Masculino' },
      ],
      referentes: [
        { nombre: otro.nombre, apellido: otro.apellido, email: otro.email, usuario: otro.email },
        { nombre: 'Paola', apellido: 'Giménez', email: null },
      ],
    },
    {
      apellido: institucional.apellido,
      hijos: [
        {
          curso: claveCurso(5, 3),
          nombre: institucional.nombre,
          genero: 'Masculino',
          email: institucional.email,
          usuario: institucional.email,
        },
      ],
      referentes: [],
    },
  ];
}

/**
 * Las personas de la escuela (siempre las mismas: la semilla no depende del ciclo, que sólo
 * fija los años de nacimiento).
 */
export function generarEscuela(ciclo: number): EscuelaGen {
  const azar = new Azar(SEMILLAS.escuela);
  const usados = new Set<string>();
  const usuarios: UsuarioGen[] = [];

  const telefonoFijo = () => `341 4${azar.digitos(6)}`;
  const telefonoCelular = () => `341 ${azar.elegir(['5', '6'])}${azar.digitos(6)}`;

  // Cuentas de demostración del personal.
  for (const c of CUENTAS_DEMO.filter((x) => x.grupo === 'Personal')) {
    usuarios.push({
      email: c.email,
      nombre: c.nombre,
      apellido: c.apellido,
      telefono: telefonoCelular(),
      rls: c.rls,
    });
    usados.add(c.email);
  }

  const personalNuevo = (rls: number, mujer: boolean): UsuarioGen => {
    for (;;) {
      const nombre = azar.elegir(mujer ? NOMBRES_MUJERES_ADULTAS : NOMBRES_HOMBRES_ADULTOS);
      const apellido = azar.elegir(APELLIDOS);
      const email = `${paraCorreo(nombre)}.${paraCorreo(apellido)}@escuela.test`;
      if (usados.has(email)) continue;
      usados.add(email);
      const u = { email, nombre, apellido, telefono: telefonoCelular(), rls };
      usuarios.push(u);
      return u;
    }
  };

  // Docentes por departamento.
  const docentesPorDepartamento = new Map<Departamento, string[]>();
  for (const d of DEPARTAMENTOS) {
    const lista: string[] = [];
    for (let i = 0; i < DOCENTES_POR_DEPARTAMENTO[d]; i++) {
      lista.push(personalNuevo(Rol.Docente, azar.si(0.55)).email);
    }
    docentesPorDepartamento.set(d, lista);
  }

  // Preceptores: uno por curso. Los de demostración tienen los suyos; el resto se reparte.
  const preceptoresCursos: [string, string][] = [
    ...CURSOS_PRECEPTOR_DEMO.map((c): [string, string] => [EMAIL_DEMO.preceptor, c]),
    ...CURSOS_PRECEPTOR_MULTIROL.map((c): [string, string] => [EMAIL_DEMO.multirol, c]),
  ];
  const conPreceptor = new Set(preceptoresCursos.map(([, c]) => c));
  const sinPreceptor = CURSOS.map((c) => claveCurso(c.anio, c.division)).filter(
    (c) => !conPreceptor.has(c),
  );
  const reparto = [3, 3, 3, 2, 2];
  let k = 0;
  for (const n of reparto) {
    const p = personalNuevo(Rol.Preceptor, azar.si(0.7));
    for (const c of sinPreceptor.slice(k, k + n)) preceptoresCursos.push([p.email, c]);
    k += n;
  }
  if (k !== sinPreceptor.length) throw new Error('Reparto de preceptores incompleto');

  // Alumnos: cantidad por curso y familias.
  const tamanios = new Map<string, number>();
  for (const c of CURSOS) tamanios.set(claveCurso(c.anio, c.division), azar.entero(27, 33));
  const libres = new Map<string, number>(tamanios);
  const tomarLugar = (curso: string) => {
    const n = libres.get(curso) ?? 0;
    if (n <= 0) throw new Error(`Curso ${curso} completo`);
    libres.set(curso, n - 1);
  };

  const alumnos: AlumnoGen[] = [];
  const referentes: ReferenteGen[] = [];
  const dnis = new Set<number>();
  let nCorreo = 0;

  const anioDeCurso = (clave: string) => Number(clave.split('-')[0]);

  const nuevoAlumno = (
    curso: string,
    apellido: string,
    nombre: string,
    genero: Genero | null,
    extra: { email?: string; usuario?: string } = {},
  ): number => {
    tomarLugar(curso);
    const anio = anioDeCurso(curso);
    // 1° año cumple 13 en el ciclo; uno de cada diez repitió un año.
    const nacio = ciclo - 12 - anio - (azar.si(0.1) ? 1 : 0);
    const mes = azar.entero(1, 12);
    const dia = azar.entero(1, DIAS_MES[mes - 1]!);
    // DNI acorde al año de nacimiento (unos 850.000 por año desde 45 millones en 2004).
    const base = 45_000_000 + (nacio - 2004) * 850_000;
    let dni: number;
    do dni = base + azar.entero(0, 849_999);
    while (dnis.has(dni));
    dnis.add(dni);
    nCorreo++;
    alumnos.push({
      cursoClave: curso,
      dni,
      apellido,
      nombre,
      genero,
      email: extra.email ?? `${paraCorreo(nombre)}.${paraCorreo(apellido)}.${nCorreo}@gmail.com`,
      telefono: telefonoFijo(),
      nacimiento: fecha(nacio, mes, dia),
      usuario: extra.usuario ?? null,
    });
    return alumnos.length - 1;
  };

  const generoAzar = (): Genero | null =>
    azar.si(0.02) ? null : azar.si(0.65) ? 'Masculino' : 'Femenino';
  const nombrePara = (g: Genero | null) =>
    azar.elegir(
      g === 'Masculino'
        ? NOMBRES_VARONES
        : g === 'Femenino'
          ? NOMBRES_MUJERES
          : azar.si(0.5)
            ? NOMBRES_VARONES
            : NOMBRES_MUJERES,
    );

  let nCorreoRef = 0;
  const correoReferente = (nombre: string, apellido: string) => {
    nCorreoRef++;
    const dominio = azar.elegir([
      'gmail.com',
      'gmail.com',
      'gmail.com',
      'hotmail.com',
      'yahoo.com.ar',
    ]);
    return `${paraCorreo(nombre)}.${paraCorreo(apellido)}.${nCorreoRef}@${dominio}`;
  };

  // Familias de demostración.
  for (const f of familiasDemo()) {
    const hijos = f.hijos.map((h) => nuevoAlumno(h.curso, f.apellido, h.nombre, h.genero, h));
    for (const r of f.referentes) {
      referentes.push({
        apellido: r.apellido,
        nombre: r.nombre,
        email: r.email,
        telefono: telefonoCelular(),
        exalumno: false,
        usuario: r.usuario ?? null,
        hijos,
      });
    }
    if (f.referentes.length === 0) {
      const nombre = azar.elegir(NOMBRES_MUJERES_ADULTAS);
      const apellido = azar.elegir(APELLIDOS);
      referentes.push({
        apellido,
        nombre,
        email: correoReferente(nombre, apellido),
        telefono: telefonoCelular(),
        exalumno: false,
        usuario: null,
        hijos,
      });
    }
  }
  for (const u of [
    EMAIL_DEMO.alumno,
    EMAIL_DEMO.alumnoInstitucional,
    EMAIL_DEMO.referente,
    EMAIL_DEMO.referenteOtro,
  ]) {
    const c = cuenta(u);
    usuarios.push({
      email: c.email,
      nombre: c.nombre,
      apellido: c.apellido,
      telefono: telefonoCelular(),
      rls: c.rls,
    });
  }

  // El resto de las familias: a veces con un hermano en otro año.
  const clavesCursos = CURSOS.map((c) => claveCurso(c.anio, c.division));
  for (const curso of clavesCursos) {
    while ((libres.get(curso) ?? 0) > 0) {
      const apellido = azar.elegir(APELLIDOS);
      const g1 = generoAzar();
      const nombre1 = nombrePara(g1);
      const hijos = [nuevoAlumno(curso, apellido, nombre1, g1)];
      if (azar.si(0.1)) {
        const otroCurso = azar.elegir(clavesCursos);
        if (anioDeCurso(otroCurso) !== anioDeCurso(curso) && (libres.get(otroCurso) ?? 0) > 0) {
          const g2 = generoAzar();
          let nombre2 = nombrePara(g2);
          while (nombre2 === nombre1) nombre2 = nombrePara(g2);
          hijos.push(nuevoAlumno(otroCurso, apellido, nombre2, g2));
        }
      }
      const dos = azar.si(0.7);
      const madrePrimero = azar.si(0.75);
      const adultos: { mujer: boolean }[] = dos
        ? [{ mujer: madrePrimero }, { mujer: !madrePrimero }]
        : [{ mujer: madrePrimero }];
      for (const a of adultos) {
        const nombre = azar.elegir(a.mujer ? NOMBRES_MUJERES_ADULTAS : NOMBRES_HOMBRES_ADULTOS);
        const apellidoRef = a.mujer ? azar.elegir(APELLIDOS) : apellido;
        referentes.push({
          apellido: apellidoRef,
          nombre,
          email: azar.si(0.9) ? correoReferente(nombre, apellidoRef) : null,
          telefono: telefonoCelular(),
          exalumno: azar.si(a.mujer ? 0.05 : 0.2),
          usuario: null,
          hijos,
        });
      }
    }
  }

  return { usuarios, docentesPorDepartamento, preceptoresCursos, alumnos, referentes };
}
