import { CuotaCooperadora } from '@/components/cuota/CuotaCooperadora';
import { leerOMensaje } from '@/components/vistas/errores';
import { requerirModulo } from '@/server/auth/guardia';
import { servidor } from '@/trpc/server';
import { PantallaInscripcion } from './_components/PantallaInscripcion';
import { IconoAlerta } from './_components/iconos';
import clases from './_components/inscripcion.module.css';

export const metadata = { title: 'Inscripción' };
// Siempre con datos frescos (spec 02 §2: "completar, always revalidated").
export const dynamic = 'force-dynamic';

/**
 * /inscripcion/completar: la inscripción anual del referente parental, pensada para el teléfono.
 * Los datos se leen en el servidor con el mismo procedimiento que GET /api/mishijos/inscripcion
 * (`inscripcion.mishijos`, con su tabla de acceso) y llegan dibujados: la primera pintura no
 * espera al JavaScript ni a una consulta del navegador (issue 12). Después de guardar, la
 * pantalla pide la página de nuevo (router.refresh) y se vuelven a leer aquí.
 */
export default async function Completar() {
  await requerirModulo('/inscripcion');
  const caller = await servidor();
  const r = await leerOMensaje(() => caller.inscripcion.mishijos());
  if (!r.datos)
    return (
      <div className={clases.pantalla}>
        <p className={`${clases.aviso} ${clases.avisoRojo}`} role="alert">
          <IconoAlerta />
          <span>{r.mensaje || 'No se pudo cargar la inscripción.'}</span>
        </p>
      </div>
    );
  const d = r.datos;
  // La cuota de la cooperadora, en HTML del servidor (sólo sus botones de copiar son de cliente):
  // una sola vez, la muestra el formulario abierto.
  return (
    <PantallaInscripcion
      datos={d}
      cuota={<CuotaCooperadora cuota={d.cuota} ciclo={d.ciclo} idBase="cooperadora" />}
    />
  );
}
