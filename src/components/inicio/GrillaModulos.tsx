import Link from 'next/link';
import type { ModuloSistema } from '@/domain/modulos';
import { Icono } from '@/components/iconos/Icono';
import { iconoConocido, spriteDeIconos } from '@/components/iconos/sprite';
import { Pendiente } from '@/components/ui/Pendiente';
import css from './inicio.module.css';

/**
 * La grilla de inicio: los módulos que el rol activo puede abrir. HTML de servidor: sin
 * precarga de cada módulo al abrir el inicio (issue 12), se carga al elegirlo.
 */
export function GrillaModulos({ modulos }: { modulos: ModuloSistema[] }) {
  const sprite = spriteDeIconos().ruta;
  if (modulos.length === 0) return <p>No hay módulos disponibles para este rol.</p>;
  return (
    <div className={css.grilla} data-testid="grilla-modulos">
      {modulos.map((m) => {
        const contenido = (
          <>
            <Icono sprite={sprite} nombre={iconoConocido(m.icono)} size={28} />
            <div className={css.textoModulo}>
              <p>{m.nombre}</p>
              {!m.disponible && <span className={css.insignia}>En preparación</span>}
            </div>
          </>
        );
        return m.disponible ? (
          <Link
            key={m.main}
            href={m.main}
            prefetch={false}
            className={css.modulo}
            data-testid="modulo"
          >
            {contenido}
            <Pendiente />
          </Link>
        ) : (
          <div key={m.main} className={css.modulo} data-testid="modulo" aria-disabled="true">
            {contenido}
          </div>
        );
      })}
    </div>
  );
}
