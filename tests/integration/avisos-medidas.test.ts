/**
 * Los avisos de medidas disciplinarias (issue 35 §3): la medida pasada se encola en su
 * transacción y avisa a los referentes confirmados y al alumno (tipo, cantidad, fecha, turno,
 * motivo, con el nombre y el curso); corregirla cambia el texto del mismo aviso; el total del
 * ciclo (sin apercibimientos) avisa al llegar a 10 y a 15, una vez cada uno; ningún referente
 * recibe los avisos de otra familia; un pedido rechazado no encola nada.
 */
import { eq, sql } from 'drizzle-orm';
import { Rol } from '@/domain/roles';
import { COLAS } from '@/server/avisos/cola';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import * as s from '@/server/db/schema';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { callerComo, idDeUsuario } from '../fixtures/contexto';
import {
  alumnoDelCiclo,
  avisosAjenos,
  avisosDe,
  correrCola,
  ctxTrabajo,
  esperados,
  hijosDe,
  relojDePrueba,
  trabajosEnCola,
} from '../fixtures/avisos-eventos';

const CICLO = 2026;
const HOY = '2026-05-12';
let conexion: Conexion;
let db: Db;
const reloj = relojDePrueba(new Date('2026-05-12T14:00:00Z'));
const ctx = () => ctxTrabajo(db, reloj.ahora(), HOY, 900);
const jefe = () =>
  callerComo(db, EMAIL_DEMO.jefePreceptores, Rol.JefePreceptor, {
    ciclo: CICLO,
    hoy: HOY,
    ahora: reloj.ahora(),
  });

let alumno: number;
let otro: number;
let rotulo: string;

beforeAll(async () => {
  conexion = await crearEscuelaDePrueba(CICLO, HOY);
  db = conexion.db;
  alumno = (await hijosDe(db, EMAIL_DEMO.referente))[0]!;
  otro = (await hijosDe(db, EMAIL_DEMO.referenteOtro))[0]!;
  rotulo = (await alumnoDelCiclo(db, alumno, CICLO)).rotulo;
  // Las medidas sembradas no cuentan: la prueba arma el total.
  await db.delete(s.medidas).where(eq(s.medidas.alumnoId, alumno));
  await db.delete(s.medidas).where(eq(s.medidas.alumnoId, otro));
  // Y sus avisos sembrados (la campana de la demostración), para contar sólo los de la prueba.
  await db.execute(sql`delete from avisos where alumno_id in (${alumno}, ${otro})`);
  await db.execute(sql`delete from pgboss.job`);
});
afterAll(() => conexion?.cerrar());

async function pasar(
  a: number,
  m: { tipo: 'amonestacion' | 'apercibimiento'; cantidad?: number; motivo: string },
) {
  reloj.avanzar(60);
  const r = await (
    await jefe()
  ).medidas.nueva({ alumno: a, fecha: HOY, turno: 'Mañana', cantidad: 0, ...m } as never);
  await correrCola(ctx());
  return r!;
}

test('la medida pasada: un aviso por referente confirmado y otro para el alumno, con tipo, cantidad, motivo, nombre y curso', async () => {
  const antes = await trabajosEnCola(db, COLAS.evento);
  reloj.avanzar(60);
  const m = await (
    await jefe()
  ).medidas.nueva({
    tipo: 'amonestacion',
    alumno,
    fecha: HOY,
    turno: 'Mañana',
    cantidad: 2,
    motivo: 'Uso del celular en clase',
  });
  expect(await trabajosEnCola(db, COLAS.evento)).toBe(antes + 1);
  await correrCola(ctx()); // sin espera: la medida se avisa en el momento
  const avisos = await avisosDe(db, `medida:${m!.orden}`);
  const usuarios = await esperados(db, alumno);
  expect(usuarios).toContain(await idDeUsuario(db, EMAIL_DEMO.referente));
  expect(avisos.map((a) => a.usuario)).toEqual(usuarios);
  for (const a of avisos)
    expect(a).toMatchObject({
      alumno,
      categoria: 'medida',
      titulo: 'Amonestación de 2 el 12/05/2026',
      texto: `${rotulo}: amonestación de 2 el 12/05/2026, turno Mañana. Motivo: Uso del celular en clase`,
      enlace: `/medidas-externo?anio=${CICLO}`,
    });
  // El correo, para el referente (el alumno lo ve en el portal).
  const referente = await idDeUsuario(db, EMAIL_DEMO.referente);
  expect(avisos.find((a) => a.usuario === referente)!.correo).toBe('pendiente');
  expect(await avisosDe(db, `medida-total:${alumno}:`)).toEqual([]);

  // Corregida: el mismo aviso con el texto nuevo, sin otro correo.
  const correos = await trabajosEnCola(db, COLAS.correo);
  reloj.avanzar(60);
  await (
    await jefe()
  ).medidas.editar({
    tipo: 'amonestacion',
    medida: m!.orden,
    alumno,
    fecha: HOY,
    turno: 'Mañana',
    cantidad: 1.5,
    motivo: 'Uso del celular en clase',
  });
  await correrCola(ctx());
  const corregidos = await avisosDe(db, `medida:${m!.orden}`);
  expect(corregidos.map((a) => a.id)).toEqual(avisos.map((a) => a.id));
  expect(corregidos[0]!.texto).toBe(
    `${rotulo}: amonestación de 1,5 el 12/05/2026, turno Mañana. Motivo: Uso del celular en clase`,
  );
  expect(await trabajosEnCola(db, COLAS.correo)).toBe(correos);
});

test('el total del ciclo avisa al llegar a 10 y a 15, una vez cada uno; los apercibimientos no cuentan', async () => {
  const usuarios = await esperados(db, alumno);
  const totales = () => avisosDe(db, `medida-total:${alumno}:`);
  await pasar(alumno, { tipo: 'amonestacion', cantidad: 8, motivo: 'Agresión verbal' }); // 9,5
  const aperc = await pasar(alumno, { tipo: 'apercibimiento', motivo: 'Llegó sin uniforme' });
  expect((await avisosDe(db, `medida:${aperc.orden}`))[0]!.titulo).toBe(
    'Apercibimiento el 12/05/2026',
  );
  expect(await totales()).toEqual([]);
  await pasar(alumno, { tipo: 'amonestacion', cantidad: 0.5, motivo: 'Desorden' }); // 10
  let t = await totales();
  expect(t.map((a) => [a.clave, a.usuario])).toEqual(
    usuarios.map((u) => [`medida-total:${alumno}:${CICLO}:10`, u]),
  );
  expect(t[0]).toMatchObject({
    categoria: 'medida',
    titulo: '10 en medidas disciplinarias',
    texto: `${rotulo} llegó a 10 en el total de medidas disciplinarias de 2026 (sin contar los apercibimientos).`,
  });
  await pasar(alumno, { tipo: 'amonestacion', cantidad: 1, motivo: 'Desorden' }); // 11
  expect(await totales()).toEqual(t);
  await pasar(alumno, { tipo: 'amonestacion', cantidad: 4, motivo: 'Daño a la escuela' }); // 15
  t = await totales();
  expect([...new Set(t.map((a) => a.clave))]).toEqual([
    `medida-total:${alumno}:${CICLO}:10`,
    `medida-total:${alumno}:${CICLO}:15`,
  ]);
  await pasar(alumno, { tipo: 'amonestacion', cantidad: 1, motivo: 'Desorden' }); // 16
  expect(await totales()).toEqual(t);
});

test('la medida borrada: el aviso ya dado dice que se anuló', async () => {
  const m = await pasar(alumno, { tipo: 'apercibimiento', motivo: 'Por error' });
  const [dado] = await avisosDe(db, `medida:${m.orden}`);
  reloj.avanzar(60);
  await (await jefe()).medidas.borrar({ alumno, medida: m.orden });
  await correrCola(ctx());
  const [anulado] = await avisosDe(db, `medida:${m.orden}`);
  expect(anulado).toMatchObject({
    id: dado!.id,
    titulo: dado!.titulo,
    texto: `La escuela anuló esta medida disciplinaria de ${rotulo}.`,
  });
});

test('otra familia: sus avisos, sólo a ella; un pedido rechazado no encola nada', async () => {
  const m = await pasar(otro, { tipo: 'amonestacion', cantidad: 1, motivo: 'Desorden' });
  const avisos = await avisosDe(db, `medida:${m.orden}`);
  expect(avisos.map((a) => a.usuario)).toEqual(await esperados(db, otro));
  expect(avisos.map((a) => a.usuario)).not.toContain(await idDeUsuario(db, EMAIL_DEMO.referente));
  expect(await avisosAjenos(db)).toEqual([]);

  const trabajos = await trabajosEnCola(db);
  await expect(
    (await jefe()).medidas.editar({
      tipo: 'amonestacion',
      medida: m.orden,
      alumno, // la medida es de otro alumno
      fecha: HOY,
      turno: 'Mañana',
      cantidad: 1,
      motivo: 'Desorden',
    }),
  ).rejects.toThrow();
  expect(await trabajosEnCola(db)).toBe(trabajos);
});
