import { documentoOpenApi } from '@/server/api/rest';
import { otrosMetodos } from '@/server/api/metodos';

export const dynamic = 'force-static';

export function GET() {
  return Response.json(documentoOpenApi());
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET');
