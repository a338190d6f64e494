/**
 * El cuerpo de una petición, con tope y después de la autorización (issue 31 ítem 11): REST
 * (`atenderPeticion`, lo que corre /api/[...ruta]) y tRPC (`atenderTrpc`, /api/trpc) verifican
 * origen, ruta, sesión y permiso antes de leer un byte; después leen a lo sumo el máximo de la
 * ruta (JSON 1 MB, inscripción 12 MB, foto de perfil 6 MB) y responden 413 en castellano: por
 * `Content-Length` sin leer, o al pasarlo mientras llega (cuerpo por trozos). Los cuerpos son
 * flujos espía: registran si alguien los leyó, cuánto y si se canceló la lectura.
 */
import { Rol } from '@/domain/roles';
import {
  LIMITE_FOTO,
  LIMITE_FORMULARIO_CHICO,
  LIMITE_INSCRIPCION,
  LIMITE_JSON,
  leerFormularioChico,
  mensajeCuerpoGrande,
} from '@/server/api/cuerpo';
import { atenderPeticion } from '@/server/api/rest';
import { crearContexto, NO_AUTENTICADO, NO_AUTORIZADO } from '@/server/api/trpc';
import { atenderTrpc } from '@/server/api/trpc-http';
import type { Sesion } from '@/server/auth/sesion';
import type { Conexion, Db } from '@/server/db';
import { EMAIL_DEMO } from '@/server/db/demo';
import { momentoEscolar } from '@/server/reloj';
import { crearEscuelaDePrueba } from '../fixtures/base';
import { sesionDe } from '../fixtures/contexto';

// next-auth (ESM) no carga en Jest: su POST se reemplaza por uno que devuelve el cuerpo recibido.
jest.mock('@/server/auth', () => ({
  handlers: {
    GET: () => new Response(null, { status: 204 }),
    POST: async (req: Request) => new Response(await req.text()),
  },
}));

const { ciclo } = momentoEscolar();
let c: Conexion;
let db: Db;
let referente: Sesion;
let alumno: Sesion;
beforeAll(async () => {
  c = await crearEscuelaDePrueba(ciclo);
  db = c.db;
  referente = await sesionDe(db, EMAIL_DEMO.referente, Rol.ReferenteParental);
  alumno = await sesionDe(db, EMAIL_DEMO.alumno, Rol.Alumno);
});
afterAll(() => c?.cerrar());

const MB = 1024 * 1024;
const TROZO = 64 * 1024;

/** Un cuerpo de `total` bytes (de a TROZO) que anota si se leyó, cuánto y si se canceló. */
function espia(total: number, contenido?: Uint8Array) {
  const estado = { leido: false, entregados: 0, cancelado: false };
  const relleno = new Uint8Array(TROZO).fill(0x61);
  const flujo = new ReadableStream<Uint8Array>(
    {
      pull(control) {
        estado.leido = true;
        if (estado.entregados >= total) return control.close();
        const n = Math.min(TROZO, total - estado.entregados);
        control.enqueue(
          contenido
            ? contenido.slice(estado.entregados, estado.entregados + n)
            : relleno.slice(0, n),
        );
        estado.entregados += n;
      },
      cancel() {
        estado.cancelado = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { flujo, estado };
}

interface Opciones {
  sesion: Sesion | null;
  cuerpo: ReadableStream<Uint8Array>;
  /** Content-Length declarado; sin él, el cuerpo va por trozos. */
  largo?: number;
  tipo?: string;
}

function peticion(camino: string, { cuerpo, largo, tipo = 'application/json' }: Opciones) {
  const headers: Record<string, string> = { 'content-type': tipo };
  if (largo !== undefined) headers['content-length'] = String(largo);
  return new Request(`http://portal.test${camino}`, {
    method: 'POST',
    headers,
    body: cuerpo,
    duplex: 'half',
  } as RequestInit);
}
const contexto = (sesion: Sesion | null) => async () => crearContexto({ db, sesion, ciclo });
const rest = (camino: string, o: Opciones) =>
  atenderPeticion(peticion(camino, o), contexto(o.sesion));
const trpc = (camino: string, o: Opciones) => atenderTrpc(peticion(camino, o), contexto(o.sesion));

const INSCRIBIR = '/api/alumnos/1/inscribir';
const JSON_REFERENTE = '/api/alumnos/inscripcion/cpit';

describe('REST: sin sesión o sin permiso, el cuerpo no se lee', () => {
  test('sin sesión, una subida de 200 MB declarada: 401 sin leer un byte', async () => {
    const { flujo, estado } = espia(200 * MB);
    const r = await rest(INSCRIBIR, {
      sesion: null,
      cuerpo: flujo,
      largo: 200 * MB,
      tipo: 'multipart/form-data; boundary=x',
    });
    expect(r.status).toBe(401);
    expect(await r.json()).toEqual({ error: true, message: NO_AUTENTICADO });
    expect(estado.leido).toBe(false);
  });

  test('sin sesión, por trozos (sin Content-Length): 401 sin leer', async () => {
    const { flujo, estado } = espia(200 * MB);
    const r = await rest(INSCRIBIR, { sesion: null, cuerpo: flujo });
    expect(r.status).toBe(401);
    expect(estado.leido).toBe(false);
  });

  test('un alumno (sin permiso para inscribir): 403 antes de leer el cuerpo', async () => {
    const { flujo, estado } = espia(20 * MB);
    const r = await rest(INSCRIBIR, {
      sesion: alumno,
      cuerpo: flujo,
      tipo: 'multipart/form-data; boundary=x',
    });
    expect(r.status).toBe(403);
    expect(await r.json()).toEqual({ error: true, message: NO_AUTORIZADO });
    expect(estado.leido).toBe(false);
  });
});

describe('REST: el máximo de cada ruta (413)', () => {
  test('JSON de más de 1 MB declarado: 413 sin leer', async () => {
    const { flujo, estado } = espia(LIMITE_JSON + 1);
    const r = await rest(JSON_REFERENTE, {
      sesion: referente,
      cuerpo: flujo,
      largo: LIMITE_JSON + 1,
    });
    expect(r.status).toBe(413);
    expect(await r.json()).toEqual({
      error: true,
      message: 'El cuerpo de la petición supera el máximo de 1 MB.',
    });
    expect(estado.leido).toBe(false);
  });

  test('JSON por trozos que pasa 1 MB: 413, se deja de leer y se cancela', async () => {
    const { flujo, estado } = espia(50 * MB);
    const r = await rest(JSON_REFERENTE, { sesion: referente, cuerpo: flujo });
    expect(r.status).toBe(413);
    expect(estado.entregados).toBeLessThanOrEqual(LIMITE_JSON + TROZO);
    expect(estado.cancelado).toBe(true);
  });

  test('Content-Length que miente (dice 10 bytes, manda 5 MB): 413 al pasar 1 MB', async () => {
    const { flujo, estado } = espia(5 * MB);
    const r = await rest(JSON_REFERENTE, { sesion: referente, cuerpo: flujo, largo: 10 });
    expect(r.status).toBe(413);
    expect(estado.entregados).toBeLessThanOrEqual(LIMITE_JSON + TROZO);
  });

  test('inscripción multipart de 13 MB por trozos: 413 (máximo 12 MB)', async () => {
    const { flujo, estado } = espia(13 * MB);
    const r = await rest(INSCRIBIR, {
      sesion: referente,
      cuerpo: flujo,
      tipo: 'multipart/form-data; boundary=x',
    });
    expect(r.status).toBe(413);
    expect(await r.json()).toEqual({
      error: true,
      message: mensajeCuerpoGrande(LIMITE_INSCRIPCION),
    });
    expect(
      (
        await rest(INSCRIBIR, {
          sesion: referente,
          cuerpo: espia(0).flujo,
          largo: 13 * MB,
          tipo: 'multipart/form-data; boundary=x',
        })
      ).status,
    ).toBe(413);
    expect(estado.entregados).toBeLessThanOrEqual(LIMITE_INSCRIPCION + TROZO);
  });

  test('inscripción multipart de 11 MB: se lee entera y llega al procedimiento (no 413)', async () => {
    const datos = new FormData();
    datos.append('email', 'x@example.com');
    datos.append(
      'comprobantePago',
      new File([new Uint8Array(11 * MB)], 'recibo.pdf', { type: 'application/pdf' }),
    );
    const formulario = new Response(datos);
    const bytes = new Uint8Array(await formulario.arrayBuffer());
    const { flujo, estado } = espia(bytes.byteLength, bytes);
    const r = await rest(INSCRIBIR, {
      sesion: referente,
      cuerpo: flujo,
      tipo: formulario.headers.get('content-type')!,
    });
    expect(estado.entregados).toBe(bytes.byteLength);
    expect(r.status).not.toBe(413);
    // El procedimiento lo rechaza por sus datos (en castellano), no por el tamaño.
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });

  test('foto de perfil de 7 MB: 413 (máximo 6 MB)', async () => {
    const { flujo } = espia(7 * MB);
    const r = await rest(`/api/alumnos/update/${alumno.usuario.id}`, {
      sesion: alumno,
      cuerpo: flujo,
      tipo: 'multipart/form-data; boundary=x',
    });
    expect(r.status).toBe(413);
    expect(await r.json()).toEqual({ error: true, message: mensajeCuerpoGrande(LIMITE_FOTO) });
  });
});

describe('tRPC: el permiso de cada procedimiento del lote antes del cuerpo', () => {
  test('sin sesión, 200 MB declarados: 401 de tRPC sin leer un byte', async () => {
    const { flujo, estado } = espia(200 * MB);
    const r = await trpc('/api/trpc/inscripcion.declararIngles', {
      sesion: null,
      cuerpo: flujo,
      largo: 200 * MB,
    });
    expect(r.status).toBe(401);
    expect(JSON.stringify(await r.json())).toContain(NO_AUTENTICADO);
    expect(estado.leido).toBe(false);
  });

  test('un lote con un procedimiento sin permiso: no se lee el cuerpo', async () => {
    const { flujo, estado } = espia(5 * MB);
    const r = await trpc('/api/trpc/inscripcion.declararIngles,calendario.guardar?batch=1', {
      sesion: referente,
      cuerpo: flujo,
    });
    const [propio, ajeno] = (await r.json()) as { error: { json: { message: string } } }[];
    // El procedimiento sin permiso, 403; el otro no corre: su entrada no llegó (el lote no se lee).
    expect(ajeno!.error.json.message).toBe(NO_AUTORIZADO);
    expect(propio!.error.json.message).toBe('La entrada no es JSON válido.');
    expect(estado.leido).toBe(false);
  });

  test('con permiso, por trozos de más de 1 MB: 413 y se cancela', async () => {
    const { flujo, estado } = espia(50 * MB);
    const r = await trpc('/api/trpc/inscripcion.declararIngles', {
      sesion: referente,
      cuerpo: flujo,
    });
    expect(r.status).toBe(413);
    expect(await r.json()).toEqual({ error: true, message: mensajeCuerpoGrande(LIMITE_JSON) });
    expect(estado.entregados).toBeLessThanOrEqual(LIMITE_JSON + TROZO);
    expect(estado.cancelado).toBe(true);
  });

  test('con permiso y un cuerpo chico: llega al procedimiento con su entrada', async () => {
    const texto = JSON.stringify({ json: { alumno: 'no es un número' } });
    const bytes = new TextEncoder().encode(texto);
    const r = await trpc('/api/trpc/inscripcion.declararIngles', {
      sesion: referente,
      cuerpo: espia(bytes.byteLength, bytes).flujo,
      largo: bytes.byteLength,
    });
    const j = (await r.json()) as { error: { json: { data: { code: string; path: string } } } };
    // Un error de validación de la entrada (la leyó), no uno de sesión o de lectura.
    expect(j.error.json.data).toMatchObject({
      code: 'BAD_REQUEST',
      path: 'inscripcion.declararIngles',
    });
  });

  test('GET (consultas): sin cambios', async () => {
    const r = await atenderTrpc(
      new Request('http://portal.test/api/trpc/sesion.estado'),
      contexto(referente),
    );
    expect(r.status).toBe(200);
  });
});

describe('formularios chicos sin sesión (/api/validate/bypass, /api/login_validate)', () => {
  test('más de 4 KB: 413; dentro del máximo, sus campos', async () => {
    const { flujo, estado } = espia(200 * MB);
    const grande = await leerFormularioChico(
      peticion('/api/validate/bypass', { sesion: null, cuerpo: flujo }),
    );
    expect(grande).toBeInstanceOf(Response);
    expect((grande as Response).status).toBe(413);
    expect(await (grande as Response).json()).toEqual({
      error: true,
      message: mensajeCuerpoGrande(LIMITE_FORMULARIO_CHICO),
    });
    expect(estado.entregados).toBeLessThanOrEqual(LIMITE_FORMULARIO_CHICO + TROZO);
    const bytes = new TextEncoder().encode('clave=secreta');
    expect(
      await leerFormularioChico(
        peticion('/api/validate/bypass', {
          sesion: null,
          cuerpo: espia(bytes.byteLength, bytes).flujo,
          tipo: 'application/x-www-form-urlencoded',
        }),
      ),
    ).toEqual({ clave: 'secreta' });
  });

  test('POST /api/login_validate con 200 MB declarados: 413 sin leer', async () => {
    const { POST } = await import('@/app/api/login_validate/route');
    const { flujo, estado } = espia(200 * MB);
    const r = await POST(
      peticion('/api/login_validate', { sesion: null, cuerpo: flujo, largo: 200 * MB }),
    );
    expect(r.status).toBe(413);
    expect(estado.leido).toBe(false);
  });
});

describe('los formularios de next-auth (/api/auth/*, sin sesión)', () => {
  test('200 MB declarados: 413 sin leer; por trozos, se corta pasados 4 KB', async () => {
    const { POST } = await import('@/app/api/auth/[...nextauth]/route');
    const declarado = espia(200 * MB);
    const r = await POST(
      peticion('/api/auth/callback/dev', {
        sesion: null,
        cuerpo: declarado.flujo,
        largo: 200 * MB,
      }) as never,
    );
    expect(r.status).toBe(413);
    expect(declarado.estado.leido).toBe(false);
    const trozos = espia(200 * MB);
    expect(
      (
        await POST(
          peticion('/api/auth/callback/dev', { sesion: null, cuerpo: trozos.flujo }) as never,
        )
      ).status,
    ).toBe(413);
    expect(trozos.estado.entregados).toBeLessThanOrEqual(LIMITE_FORMULARIO_CHICO + TROZO);
  });

  test('un formulario chico llega entero a next-auth', async () => {
    const { POST } = await import('@/app/api/auth/[...nextauth]/route');
    const bytes = new TextEncoder().encode('csrfToken=abc&email=admin%40escuela.test');
    const r = await POST(
      peticion('/api/auth/callback/dev', {
        sesion: null,
        cuerpo: espia(bytes.byteLength, bytes).flujo,
        tipo: 'application/x-www-form-urlencoded',
      }) as never,
    );
    expect(await r.text()).toBe('csrfToken=abc&email=admin%40escuela.test');
  });
});
