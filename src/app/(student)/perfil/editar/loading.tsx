import css from './_components/perfil.module.css';

/** Mientras se leen los datos del perfil. */
export default function CargandoPerfil() {
  return (
    <div className={css.cargando}>
      <span className={css.girando} role="status" aria-label="Cargando el perfil" />
    </div>
  );
}
