import { documentoOpenApi } from '@/server/api/rest';

export const dynamic = 'force-static';

export function GET() {
  return Response.json(documentoOpenApi());
}
