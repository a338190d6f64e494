/**
 * La sesión: estado, grilla de módulos por rol activo, cambio de rol, roles que ya no se
 * tienen, usuarios deshabilitados, hijos del referente y configuración pública.
 */
import { momentoEscolar } from '@/server/reloj';
import { and, asc, eq } from 'drizzle-orm';

import { Rol } from '@/domain/roles';
import { createCaller } from '@/server/api/root';
import { crearContexto } from '@/server/api/trpc';
import { abrirSesion, cargarSesion } from '@/server/auth/sesion';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import { codigoDe } from '../fixtures/errores';

const ciclo = momentoEscolar().ciclo;

let c: Conexion;
let db: Db;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
});
afterAll(() => c?.cerrar());

const idDe = (email: string) => idDeUsuario(db, email);

/**
 * Como una petición: relee el usuario del token y arma el caller (sesión null si no la hay).
 * El token lleva el id de una sesión abierta en la base, como después de ingresar.
 */
async function peticion(token: { usuarioId: number; rol?: number | null }) {
  const sid = await abrirSesion(db, token.usuarioId);
  const sesion = await cargarSesion(db, { ...token, sid });
  return { sesion, caller: createCaller(crearContexto({ db, sesion, ciclo })) };
}

const rutas = (mods: { main: string }[]) => mods.map((m) => m.main).sort();

// Grillas esperadas, escritas a mano a partir de DESIGN §6 (sólo módulos de la grilla).
const GRILLA_ADMIN = [
  '/alumnos',
  '/alumnos-privileged',
  '/alumnos-cursados',
  '/asistencias',
  '/reincorporaciones',
  '/medidas',
  '/planillon',
  '/referentes',
  '/cronograma',
  '/evaluaciones-readonly',
  '/libretas',
  '/horarios',
  '/mesas',
  '/notas-hypervisor',
  '/calendario',
  '/planificacion',
  '/coordinadores',
  '/docentes',
  '/pics',
  '/preceptores',
  '/usuarios',
  '/inscripciones',
  '/importar',
  '/jornada/view',
  '/gimnasia-electiva/vista',
  '/comunicados',
].sort();
const GRILLA_DOCENTE = [
  '/avances',
  '/cronograma',
  '/planificaciones/nueva',
  '/horarios-readonly',
  '/mi-horario',
  '/mesas',
  '/notas',
  '/jornada/view',
  '/comunicados',
].sort();
const GRILLA_PRECEPTOR = [
  '/alumnos',
  '/asistencias-protected',
  '/medidas-protected',
  '/planillon-protected',
  '/referentes-protected',
  '/evaluaciones-readonly',
  '/libretas',
  '/horarios-readonly',
  '/notas-readonly',
  '/jornada/view',
  '/comunicados',
].sort();
const GRILLA_JEFE_DEPARTAMENTO = [
  '/planillon-departamento',
  '/avances',
  '/cronograma',
  '/horarios-readonly',
  '/mesas',
  '/notas-supervisor',
  '/docentes',
  '/pics',
  '/jornada/view',
  '/pendientes',
].sort();
const EXTERNOS = [
  '/horarios-externo',
  '/asistencias-externo',
  '/avances-externo',
  '/evaluaciones-externo',
  '/libretas-externo',
  '/medidas-externo',
  '/comunicados-externo',
];
// El alumno de demostración cursa 4°: la gimnasia electiva (sólo 5°) no está en su grilla.
const GRILLA_ALUMNO = ['/jornada', ...EXTERNOS].sort();
const GRILLA_REFERENTE = ['/inscripcion', ...EXTERNOS].sort();

describe('sesion.estado', () => {
  test('devuelve nombre, apellido, rls y rol del usuario de demostración', async () => {
    const adminId = await idDe(EMAIL_DEMO.admin);
    const r = await (await callerComo(db, EMAIL_DEMO.admin, Rol.Admin, { ciclo })).sesion.estado();
    expect(r).toEqual({
      usuario: {
        id: adminId,
        email: 'admin@escuela.test',
        nombre: 'Marcela',
        apellido: 'Ferreyra',
      },
      rls: 2,
      rol: 2,
      roles: [2],
    });
  });

  test('el usuario multirol ve sus tres roles y el activo', async () => {
    const r = await (
      await callerComo(db, EMAIL_DEMO.multirol, Rol.Preceptor, { ciclo })
    ).sesion.estado();
    expect(r.usuario).toMatchObject({ nombre: 'Claudia', apellido: 'Romero' });
    expect(r.rls).toBe(13);
    expect(r.rol).toBe(4);
    expect(r.roles).toEqual([1, 4, 8]);
  });

  test('el alumno y el referente también tienen estado', async () => {
    const alumno = await (
      await callerComo(db, EMAIL_DEMO.alumno, undefined, { ciclo })
    ).sesion.estado();
    expect(alumno).toMatchObject({
      usuario: { nombre: 'Tomás', apellido: 'Domínguez' },
      rls: 64,
      rol: 64,
    });
    const ref = await (
      await callerComo(db, EMAIL_DEMO.referente, undefined, { ciclo })
    ).sesion.estado();
    expect(ref).toMatchObject({
      usuario: { nombre: 'Carolina', apellido: 'Sosa' },
      rls: 256,
      rol: 256,
    });
  });
});

describe('sesion.permisos: la grilla del rol activo', () => {
  test.each([
    ['Admin', EMAIL_DEMO.admin, Rol.Admin, GRILLA_ADMIN],
    ['Docente', EMAIL_DEMO.docente, Rol.Docente, GRILLA_DOCENTE],
    ['Preceptor', EMAIL_DEMO.preceptor, Rol.Preceptor, GRILLA_PRECEPTOR],
    [
      'JefeDepartamento',
      EMAIL_DEMO.jefeDepartamento,
      Rol.JefeDepartamento,
      GRILLA_JEFE_DEPARTAMENTO,
    ],
    ['Alumno', EMAIL_DEMO.alumno, Rol.Alumno, GRILLA_ALUMNO],
    ['ReferenteParental', EMAIL_DEMO.referente, Rol.ReferenteParental, GRILLA_REFERENTE],
  ] as const)('%s', async (_n, email, rol, esperado) => {
    const mods = await (await callerComo(db, email, rol, { ciclo })).sesion.permisos();
    expect(rutas(mods)).toEqual(esperado);
  });

  test('gimnasia electiva sólo al alumno que cursa 5° en el ciclo en curso', async () => {
    const usuario = await idDeUsuario(db, EMAIL_DEMO.alumno);
    const [alumno] = await db
      .select({ id: s.alumnos.id })
      .from(s.alumnos)
      .where(eq(s.alumnos.usuarioId, usuario));
    const donde = and(
      eq(s.alumnosCursos.alumnoId, alumno!.id),
      eq(s.alumnosCursos.ciclolectivo, ciclo),
    );
    const [original] = await db.select().from(s.alumnosCursos).where(donde);
    const anioDe = async (cursoId: number) =>
      (await db.select().from(s.cursos).where(eq(s.cursos.id, cursoId)))[0]!.anio;
    expect(await anioDe(original!.cursoId)).toBe(4);
    const [quinto] = await db
      .select()
      .from(s.cursos)
      .where(eq(s.cursos.anio, 5))
      .orderBy(asc(s.cursos.id))
      .limit(1);
    const grilla = async () =>
      rutas(
        await (await callerComo(db, EMAIL_DEMO.alumno, Rol.Alumno, { ciclo })).sesion.permisos(),
      );
    try {
      await db.update(s.alumnosCursos).set({ cursoId: quinto!.id }).where(donde);
      expect(await grilla()).toEqual([...GRILLA_ALUMNO, '/gimnasia-electiva'].sort());
      // Sin curso en el ciclo en curso: tampoco.
      await db.delete(s.alumnosCursos).where(donde);
      expect(await grilla()).toEqual(GRILLA_ALUMNO);
    } finally {
      await db.delete(s.alumnosCursos).where(donde);
      await db.insert(s.alumnosCursos).values(original!);
    }
    expect(await grilla()).toEqual(GRILLA_ALUMNO);
  });

  test('Admin incluye /usuarios y /alumnos; Docente incluye sus módulos y no /usuarios', async () => {
    const admin = rutas(
      await (await callerComo(db, EMAIL_DEMO.admin, Rol.Admin)).sesion.permisos(),
    );
    expect(admin).toEqual(expect.arrayContaining(['/usuarios', '/alumnos']));
    const docente = rutas(
      await (await callerComo(db, EMAIL_DEMO.docente, Rol.Docente)).sesion.permisos(),
    );
    expect(docente).toEqual(
      expect.arrayContaining(['/notas', '/avances', '/cronograma', '/mesas']),
    );
    expect(docente).not.toContain('/usuarios');
    expect(docente).not.toContain('/alumnos');
  });

  test('cada módulo de la grilla tiene moduleId, nombre e ícono', async () => {
    const mods = await (await callerComo(db, EMAIL_DEMO.admin, Rol.Admin)).sesion.permisos();
    const usuarios = mods.find((m) => m.main === '/usuarios');
    expect(usuarios).toEqual({
      moduleId: 'usuarios',
      main: '/usuarios',
      nombre: 'Usuarios',
      icono: 'user-shield',
      disponible: true,
    });
    const jornada = mods.find((m) => m.main === '/jornada/view');
    expect(jornada?.moduleId).toBe('jornada-view');
  });

  test('el multirol que cambia de rol activo (4 → 8) recibe otra grilla', async () => {
    const id = await idDe(EMAIL_DEMO.multirol);
    const comoPreceptor = await peticion({ usuarioId: id, rol: Rol.Preceptor });
    const comoJefe = await peticion({ usuarioId: id, rol: Rol.JefeDepartamento });
    expect(comoPreceptor.sesion?.rol).toBe(4);
    expect(comoJefe.sesion?.rol).toBe(8);
    const g4 = rutas(await comoPreceptor.caller.sesion.permisos());
    const g8 = rutas(await comoJefe.caller.sesion.permisos());
    expect(g4).toEqual(GRILLA_PRECEPTOR);
    expect(g8).toEqual(GRILLA_JEFE_DEPARTAMENTO);
    expect(g4).not.toEqual(g8);
    expect((await comoJefe.caller.sesion.estado()).rol).toBe(8);
    // El acceso a procedimientos también sigue al rol activo.
    expect(await codigoDe(comoPreceptor.caller.cursos.delPreceptor())).toBeNull();
    expect(await codigoDe(comoJefe.caller.cursos.delPreceptor())).toBe('FORBIDDEN');
    expect(await codigoDe(comoJefe.caller.cursos.delDepartamento())).toBeNull();
    expect(await codigoDe(comoPreceptor.caller.cursos.delDepartamento())).toBe('FORBIDDEN');
  });
});

describe('cargarSesion: el rol pedido nunca se otorga si no se tiene', () => {
  test.each([
    ['Admin (2) para el multirol', EMAIL_DEMO.multirol, Rol.Admin, Rol.Docente],
    ['Coordinador (512) para el multirol', EMAIL_DEMO.multirol, Rol.Coordinador, Rol.Docente],
    ['un valor que no es un bit (3) para el multirol', EMAIL_DEMO.multirol, 3, Rol.Docente],
    ['una máscara (13) para el multirol', EMAIL_DEMO.multirol, 13, Rol.Docente],
    ['Admin (2) para el docente', EMAIL_DEMO.docente, Rol.Admin, Rol.Docente],
    ['Admin (2) para el alumno', EMAIL_DEMO.alumno, Rol.Admin, Rol.Alumno],
    ['Preceptor (4) para el referente', EMAIL_DEMO.referente, Rol.Preceptor, Rol.ReferenteParental],
    [
      'ningún rol para el jefe de departamento',
      EMAIL_DEMO.jefeDepartamento,
      null,
      Rol.JefeDepartamento,
    ],
  ])('pedir %s cae al bit más bajo que tiene', async (_d, email, pedido, esperado) => {
    const { sesion, caller } = await peticion({ usuarioId: await idDe(email), rol: pedido });
    expect(sesion?.rol).toBe(esperado);
    expect((await caller.sesion.estado()).rol).toBe(esperado);
  });

  test('el docente que pide Admin no puede listar usuarios', async () => {
    const { caller } = await peticion({
      usuarioId: await idDe(EMAIL_DEMO.docente),
      rol: Rol.Admin,
    });
    expect(await codigoDe(caller.usuarios.listar())).toBe('FORBIDDEN');
    expect(rutas(await caller.sesion.permisos())).not.toContain('/usuarios');
  });
});

describe('cambios en la base se aplican en la llamada siguiente', () => {
  test('un usuario deshabilitado no tiene sesión: UNAUTHORIZED de inmediato', async () => {
    const id = await idDe(EMAIL_DEMO.regente);
    const antes = await peticion({ usuarioId: id, rol: Rol.Regente });
    expect(antes.sesion?.rol).toBe(Rol.Regente);
    expect(await codigoDe(antes.caller.sesion.estado())).toBeNull();
    await db.update(s.usuarios).set({ habilitado: false }).where(eq(s.usuarios.id, id));
    try {
      expect(await cargarSesion(db, { usuarioId: id, rol: Rol.Regente })).toBeNull();
      const despues = await peticion({ usuarioId: id, rol: Rol.Regente });
      expect(despues.sesion).toBeNull();
      for (const llamar of [
        () => despues.caller.sesion.estado(),
        () => despues.caller.sesion.permisos(),
        () => despues.caller.usuarios.yo(),
        () => despues.caller.buscar.alumnos(),
      ]) {
        expect(await codigoDe(llamar())).toBe('UNAUTHORIZED');
      }
    } finally {
      await db.update(s.usuarios).set({ habilitado: true }).where(eq(s.usuarios.id, id));
    }
    expect((await peticion({ usuarioId: id, rol: Rol.Regente })).sesion?.rol).toBe(Rol.Regente);
  });

  test('quitar un bit de rol en la base: la próxima llamada ya no lo tiene', async () => {
    const id = await idDe(EMAIL_DEMO.multirol);
    const antes = await peticion({ usuarioId: id, rol: Rol.Preceptor });
    expect(antes.sesion?.rol).toBe(Rol.Preceptor);
    expect(await codigoDe(antes.caller.cursos.delPreceptor())).toBeNull();
    // Se le quita Preceptor (13 → 9).
    await db
      .update(s.usuarios)
      .set({ rls: Rol.Docente | Rol.JefeDepartamento })
      .where(eq(s.usuarios.id, id));
    try {
      const despues = await peticion({ usuarioId: id, rol: Rol.Preceptor });
      expect(despues.sesion?.rol).toBe(Rol.Docente);
      const estado = await despues.caller.sesion.estado();
      expect({ rls: estado.rls, rol: estado.rol, roles: estado.roles }).toEqual({
        rls: 9,
        rol: 1,
        roles: [1, 8],
      });
      expect(await codigoDe(despues.caller.cursos.delPreceptor())).toBe('FORBIDDEN');
      expect(rutas(await despues.caller.sesion.permisos())).toEqual(GRILLA_DOCENTE);
      // Sin ningún rol, no hay sesión.
      await db.update(s.usuarios).set({ rls: 0 }).where(eq(s.usuarios.id, id));
      expect((await peticion({ usuarioId: id, rol: Rol.Docente })).sesion).toBeNull();
    } finally {
      await db.update(s.usuarios).set({ rls: 13 }).where(eq(s.usuarios.id, id));
    }
    expect((await peticion({ usuarioId: id, rol: Rol.Preceptor })).sesion?.rol).toBe(Rol.Preceptor);
  });
});

describe('sesion.hijos', () => {
  /** Hijos de un referente según la base (independiente del servicio). */
  async function hijosEnBase(email: string) {
    const uid = await idDe(email);
    return db
      .select({
        id: s.alumnos.id,
        nombre: s.alumnos.nombre,
        apellido: s.alumnos.apellido,
        anio: s.cursos.anio,
      })
      .from(s.referentes)
      .innerJoin(s.alumnosReferentes, eq(s.alumnosReferentes.referenteId, s.referentes.id))
      .innerJoin(s.alumnos, eq(s.alumnos.id, s.alumnosReferentes.alumnoId))
      .innerJoin(
        s.alumnosCursos,
        and(eq(s.alumnosCursos.alumnoId, s.alumnos.id), eq(s.alumnosCursos.ciclolectivo, ciclo)),
      )
      .innerJoin(s.cursos, eq(s.cursos.id, s.alumnosCursos.cursoId))
      .where(eq(s.referentes.usuarioId, uid))
      .orderBy(asc(s.alumnos.id));
  }
  const porNombre = <T extends { nombre: string }>(xs: T[]) =>
    [...xs].sort((a, b) => a.nombre.localeCompare(b.nombre));

  test('referente.demo ve exactamente sus dos hijos (2° y 4°)', async () => {
    const r = await (
      await callerComo(db, EMAIL_DEMO.referente, Rol.ReferenteParental, { ciclo })
    ).sesion.hijos();
    expect(
      porNombre(r).map(({ nombre, apellido, curso }) => ({ nombre, apellido, curso })),
    ).toEqual([
      { nombre: 'Tomás', apellido: 'Domínguez', curso: '4° Electrónica' },
      { nombre: 'Valentina', apellido: 'Domínguez', curso: '2° 1°' },
    ]);
    const base = await hijosEnBase(EMAIL_DEMO.referente);
    expect(base.map((h) => h.anio).sort()).toEqual([2, 4]);
    expect(r.map((h) => h.id).sort((a, b) => a - b)).toEqual(
      base.map((h) => h.id).sort((a, b) => a - b),
    );
  });

  test('referente.otro ve sólo los suyos, nunca los de la otra familia', async () => {
    const r = await (
      await callerComo(db, EMAIL_DEMO.referenteOtro, Rol.ReferenteParental, { ciclo })
    ).sesion.hijos();
    expect(
      porNombre(r).map(({ nombre, apellido, curso }) => ({ nombre, apellido, curso })),
    ).toEqual([
      { nombre: 'Lucía', apellido: 'Ramírez', curso: '1° 2°' },
      { nombre: 'Mateo', apellido: 'Ramírez', curso: '6° Mecánica' },
    ]);
    const propios = (await hijosEnBase(EMAIL_DEMO.referenteOtro))
      .map((h) => h.id)
      .sort((a, b) => a - b);
    expect(r.map((h) => h.id).sort((a, b) => a - b)).toEqual(propios);
    const ajenos = new Set((await hijosEnBase(EMAIL_DEMO.referente)).map((h) => h.id));
    expect(ajenos.size).toBe(2);
    expect(r.filter((h) => ajenos.has(h.id))).toEqual([]);
  });

  test('en un ciclo sin curso muestra el último curso conocido', async () => {
    const r = await (
      await callerComo(db, EMAIL_DEMO.referente, Rol.ReferenteParental, { ciclo: ciclo - 2 })
    ).sesion.hijos();
    expect(r.map((h) => h.curso).sort()).toEqual(['2° 1°', '4° Electrónica']);
  });
});

describe('sesion.configuracion y sysconfig', () => {
  test('tiene el ciclo lectivo y los ciclos desde 2021', async () => {
    const r = await (
      await callerComo(db, EMAIL_DEMO.alumno, undefined, { ciclo })
    ).sesion.configuracion();
    expect(r.cicloLectivo).toBe(ciclo);
    expect(r.ciclos[0]).toBe(2021);
    expect(r.ciclos).toEqual(Array.from({ length: ciclo - 2020 }, (_, i) => 2021 + i));
    expect(r.ciclos.at(-1)).toBe(ciclo);
    expect((r as Record<string, unknown>).escuela).toMatchObject({ localidad: 'Rosario' });
    expect(r.cuota).toMatchObject({ monto: 120000 });
  });

  test('sysconfig lista todos los módulos, también los que no están en la grilla', async () => {
    const r = await (await callerComo(db, EMAIL_DEMO.docente, Rol.Docente)).sesion.sysconfig();
    const mains = r.map((m) => m.main);
    expect(mains).toEqual(
      expect.arrayContaining(['/usuarios', '/legajo', '/perfil/editar', '/inscripcion']),
    );
    expect(new Set(mains).size).toBe(mains.length);
  });
});
