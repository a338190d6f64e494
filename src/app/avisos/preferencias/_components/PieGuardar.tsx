import css from '../../_components/avisos.module.css';

export type EstadoGuardado = 'editando' | 'guardando' | 'guardado';

/**
 * El pie de un formulario de /avisos/preferencias: el botón (deshabilitado mientras guarda), el
 * "guardado" que anuncia el lector de pantalla y el error, si lo hubo.
 */
export function PieGuardar({
  estado,
  error,
  boton,
  guardado,
}: {
  estado: EstadoGuardado;
  error: string | null;
  /** El texto del botón ('Guardar'). */
  boton: string;
  /** Lo que se anuncia al terminar ('Preferencias guardadas.'). */
  guardado: string;
}) {
  return (
    <>
      <div className={css.guardar}>
        <button type="submit" className={css.principal} disabled={estado === 'guardando'}>
          {estado === 'guardando' ? 'Guardando…' : boton}
        </button>
        <span role="status" className={css.listo}>
          {estado === 'guardado' ? guardado : ''}
        </span>
      </div>
      {error && (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
