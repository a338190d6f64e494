import { handlers } from '@/server/auth';
import { otrosMetodos } from '@/server/api/metodos';

export const { GET, POST } = handlers;

export const { PUT, PATCH, DELETE, OPTIONS } = otrosMetodos('GET', 'POST');
