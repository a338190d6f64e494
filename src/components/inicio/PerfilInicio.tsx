import {
  IconBell,
  IconCertificate,
  IconFirstAidKit,
  IconMail,
  IconUserEdit,
} from '@tabler/icons-react';
import Link from 'next/link';
import { Pendiente } from '@/components/ui/Pendiente';
import { Rol } from '@/domain/roles';
import type { Sesion } from '@/server/auth/sesion';
import css from './inicio.module.css';

function iniciales(nombre: string, apellido: string): string {
  return `${nombre.trim()[0] ?? ''}${apellido.trim()[0] ?? ''}`.toUpperCase();
}

/**
 * El recuadro del perfil en home (spec 02 §2 "Profile widgets"): foto o iniciales y nombre;
 * el alumno, además, sus impresiones (ficha médica y certificado de alumno regular); el
 * personal, su email; el referente, también sus preferencias de avisos por correo. HTML de servidor.
 */
export function PerfilInicio({ sesion, foto = null }: { sesion: Sesion; foto?: string | null }) {
  const { nombre, apellido, email } = sesion.usuario;
  return (
    <section className={css.perfil} aria-label="Mi perfil">
      <span className={css.avatar}>
        {/* eslint-disable-next-line @next/next/no-img-element -- la foto sale de la API con sesión */}
        {foto ? <img src={foto} alt="" /> : iniciales(nombre, apellido)}
      </span>
      <div className={css.datos}>
        <p className={css.nombre}>
          {nombre} {apellido}
        </p>
        {sesion.rol === Rol.Alumno ? (
          <div className={css.enlaces}>
            <Link href="/perfil/editar" prefetch={false} className={css.enlace}>
              <IconUserEdit size={16} aria-hidden /> Editar perfil
              <Pendiente />
            </Link>
            <Link href="/perfil/ficha-medica" prefetch={false} className={css.enlace}>
              <IconFirstAidKit size={16} aria-hidden /> Imprimir ficha médica
              <Pendiente />
            </Link>
            <Link href="/perfil/certificado" prefetch={false} className={css.enlace}>
              <IconCertificate size={16} aria-hidden /> Certificado de alumno regular
              <Pendiente />
            </Link>
          </div>
        ) : sesion.rol === Rol.ReferenteParental ? (
          <div className={css.enlaces}>
            <a href={`mailto:${email}`} className={css.enlace}>
              <IconMail size={16} aria-hidden /> {email}
            </a>
            <Link href="/avisos/preferencias" prefetch={false} className={css.enlace}>
              <IconBell size={16} aria-hidden /> Avisos por correo
            </Link>
          </div>
        ) : (
          <a href={`mailto:${email}`} className={css.enlace}>
            <IconMail size={16} aria-hidden /> {email}
          </a>
        )}
      </div>
    </section>
  );
}
