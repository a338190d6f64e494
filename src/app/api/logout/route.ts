import { signOut } from '@/server/auth';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-dynamic';

/** Cierra la sesión (GET, como lo pide el contrato) y vuelve a /login. */
export async function GET() {
  await signOut({ redirect: false });
  return new Response(null, { status: 303, headers: { Location: '/login' } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
