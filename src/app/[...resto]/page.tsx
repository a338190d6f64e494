import { redirect } from 'next/navigation';

/** Cualquier ruta desconocida vuelve al inicio (spec 02 §2). */
export default function RutaDesconocida() {
  redirect('/');
}
