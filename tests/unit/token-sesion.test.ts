import { encode } from '@auth/core/jwt';
import { COOKIES_DE_SESION, descifrarToken, tokenDeCookies } from '@/server/auth/token';

/**
 * La lectura propia del token de sesión (src/server/auth/token.ts) contra tokens escritos por
 * next-auth mismo (`encode` de @auth/core): acepta exactamente lo que next-auth acepta y nada
 * alterado, vencido o de otra clave.
 */

const SECRETO = 'secreto-de-prueba-con-largo-suficiente-0123456789';
const [SEGURA, COMUN] = COOKIES_DE_SESION;
const CONTENIDO = { usuarioId: 7, rol: 2, sid: '6f1c1c2e-7a55-4b7a-9d0e-0c7a3b1f2e11' };

const ahora = () => Math.floor(Date.now() / 1000);

function token(sal: string = COMUN, opciones: { secreto?: string; maxAge?: number } = {}) {
  return encode({
    token: CONTENIDO,
    secret: opciones.secreto ?? SECRETO,
    salt: sal,
    maxAge: opciones.maxAge ?? 3600,
  });
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** Cambia un carácter de la parte `i` del JWE compacto. */
function alterar(jwe: string, i: number): string {
  const partes = jwe.split('.');
  const p = partes[i]!;
  const medio = Math.floor(p.length / 2);
  partes[i] = p.slice(0, medio) + (p[medio] === 'A' ? 'B' : 'A') + p.slice(medio + 1);
  return partes.join('.');
}

describe('descifrarToken', () => {
  test.each(COOKIES_DE_SESION)(
    'lee el token que escribió next-auth con la cookie %s',
    async (sal) => {
      const jwe = await token(sal);
      expect(descifrarToken(jwe, SECRETO, sal, ahora())).toMatchObject(CONTENIDO);
    },
  );

  const rechazos: [string, (jwe: string) => string | Promise<string>, string?, number?][] = [
    ['otro secreto', () => token(COMUN, { secreto: 'otro-secreto-de-prueba-0123456789abcdef' })],
    ['la sal de la otra cookie', () => token(SEGURA)],
    ['la cabecera alterada', (j) => alterar(j, 0)],
    ['el vector inicial alterado', (j) => alterar(j, 2)],
    ['el texto cifrado alterado', (j) => alterar(j, 3)],
    ['la etiqueta alterada', (j) => alterar(j, 4)],
    [
      'una clave cifrada (no es "dir")',
      (j) =>
        j
          .split('.')
          .map((p, i) => (i === 1 ? 'AAAA' : p))
          .join('.'),
    ],
    [
      'alg "none"',
      (j) => [b64({ alg: 'none', enc: 'A256CBC-HS512' }), ...j.split('.').slice(1)].join('.'),
    ],
    [
      'enc A256GCM (next-auth no lo escribe)',
      (j) => [b64({ alg: 'dir', enc: 'A256GCM' }), ...j.split('.').slice(1)].join('.'),
    ],
    ['cuatro partes', (j) => j.split('.').slice(0, 4).join('.')],
    ['seis partes', (j) => `${j}.AAAA`],
    ['caracteres fuera de base64url', (j) => j.replace(/^./, '+')],
    ['un JWT firmado y no cifrado', () => `${b64({ alg: 'HS256' })}.${b64(CONTENIDO)}.firma`],
    ['vacío', () => ''],
    ['enorme', (j) => j + 'A'.repeat(10_000)],
    ['NUL y surrogates', () => '\u0000.\ud800..\udfff.'],
    ['vencido hace más de 15 s', (j) => j, undefined, 3600 + 16],
  ];
  test.each(rechazos)('rechaza %s', async (_nombre, armar, sal = COMUN, adelanto = 0) => {
    const jwe = await armar(await token());
    expect(descifrarToken(jwe, SECRETO, sal, ahora() + adelanto)).toBeNull();
  });

  test('acepta un token vencido hace menos de 15 s (la tolerancia de next-auth)', async () => {
    expect(descifrarToken(await token(), SECRETO, COMUN, ahora() + 3600 + 10)).not.toBeNull();
  });

  test('un "kid" que no es el de la clave se rechaza aunque el resto esté bien', async () => {
    const jwe = await token();
    const cabecera = JSON.parse(Buffer.from(jwe.split('.')[0]!, 'base64url').toString()) as {
      kid: string;
    };
    expect(cabecera.kid).toMatch(/^[A-Za-z0-9_-]{86}$/);
    // Con otra cabecera la etiqueta ya no coincide; lo que se prueba aquí es el orden: el kid se
    // compara antes que la etiqueta, así que ni siquiera se calcula.
    const otra = [b64({ ...cabecera, kid: 'x' }), ...jwe.split('.').slice(1)].join('.');
    expect(descifrarToken(otra, SECRETO, COMUN, ahora())).toBeNull();
  });
});

describe('tokens recordados', () => {
  test('uno ya verificado vuelve igual y congelado, y se rechaza igual pasado su vencimiento', async () => {
    const jwe = await token();
    const primero = descifrarToken(jwe, SECRETO, COMUN, ahora());
    expect(primero).toMatchObject(CONTENIDO);
    expect(descifrarToken(jwe, SECRETO, COMUN, ahora())).toBe(primero);
    expect(Object.isFrozen(primero)).toBe(true);
    expect(descifrarToken(jwe, SECRETO, COMUN, ahora() + 3600 + 16)).toBeNull();
    // Rechazarlo por vencido no lo olvida ni lo cambia para un pedido dentro de su vigencia.
    expect(descifrarToken(jwe, SECRETO, COMUN, ahora())).toBe(primero);
  });

  test('recordado uno, sus alteraciones, otro secreto y la otra sal siguen rechazados', async () => {
    const jwe = await token();
    expect(descifrarToken(jwe, SECRETO, COMUN, ahora())).not.toBeNull();
    for (const i of [0, 2, 3, 4])
      expect(descifrarToken(alterar(jwe, i), SECRETO, COMUN, ahora())).toBeNull();
    expect(
      descifrarToken(jwe, 'otro-secreto-de-prueba-0123456789abcdef', COMUN, ahora()),
    ).toBeNull();
    expect(descifrarToken(jwe, SECRETO, SEGURA, ahora())).toBeNull();
  });
});

describe('tokenDeCookies', () => {
  const jar = (cookies: Record<string, string>) =>
    [(n: string) => cookies[n], Object.keys(cookies)] as const;

  test('sin cookie de sesión no hay token', () => {
    expect(tokenDeCookies(...jar({ otra: 'x' }), SECRETO, ahora())).toBeNull();
  });

  test('lee la cookie común y la de https, cada una con su propia sal', async () => {
    expect(tokenDeCookies(...jar({ [COMUN]: await token(COMUN) }), SECRETO, ahora())).toMatchObject(
      CONTENIDO,
    );
    expect(
      tokenDeCookies(...jar({ [SEGURA]: await token(SEGURA) }), SECRETO, ahora()),
    ).toMatchObject(CONTENIDO);
    // La de un nombre cifrada con la sal del otro no vale.
    expect(tokenDeCookies(...jar({ [SEGURA]: await token(COMUN) }), SECRETO, ahora())).toBeNull();
  });

  test('arma la cookie partida en trozos .0, .1, … en orden numérico', async () => {
    const jwe = await token();
    const tercio = Math.ceil(jwe.length / 3);
    const trozos = {
      [`${COMUN}.2`]: jwe.slice(2 * tercio),
      [`${COMUN}.0`]: jwe.slice(0, tercio),
      [`${COMUN}.1`]: jwe.slice(tercio, 2 * tercio),
    };
    expect(tokenDeCookies(...jar(trozos), SECRETO, ahora())).toMatchObject(CONTENIDO);
  });
});
