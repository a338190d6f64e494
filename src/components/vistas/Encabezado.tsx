import css from './vistas.module.css';

/** Título de la pantalla, el alumno del que se trata y, si la lectura fue rechazada, el motivo. */
export function Encabezado({
  titulo,
  alumno,
  mensaje,
}: {
  titulo: string;
  alumno?: { apellido: string; nombre: string } | null;
  mensaje?: string | null;
}) {
  return (
    <div className={css.encabezado}>
      <h1 className={css.titulo}>{titulo}</h1>
      {alumno && (
        <p className={css.atenuado} data-testid="alumno-vista">
          {alumno.apellido}, {alumno.nombre}
        </p>
      )}
      {mensaje && (
        <p className={css.aviso} role="alert" data-testid="mensaje-vista">
          {mensaje}
        </p>
      )}
    </div>
  );
}
