'use client';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import botonIcono from '@/components/ui/boton-icono.module.css';
import botones from '@/components/ui/botones.module.css';
import ruedita from '@/components/ui/ruedita.module.css';
import { Campo, CampoTexto, CamposTelefono, aria, useHidratado } from '@/components/campos/Campo';
import { partirTelefono, unirTelefono } from '@/domain/escuela';
import {
  ENTRE_2_Y_4_DIGITOS,
  ENTRE_6_Y_8_DIGITOS,
  NO_PUEDE_ESTAR_VACIO,
  codigoAreaValido,
  emailValido,
  numeroTelefonoValido,
  textoPresente,
} from '@/domain/inscripcion-campos';
import {
  ACEPTA_FOTO,
  FOTO_DEMASIADO_GRANDE,
  PERFIL_GUARDADO,
  TAMANIO_MAXIMO_FOTO,
} from '@/domain/perfil';
import css from './perfil.module.css';

/** Lo que devuelve `perfil.propio` (lo lee la página en el servidor). */
export interface DatosPerfil {
  orden: number;
  nombre: string;
  apellido: string;
  telefono: string | null;
  email: string | null;
  pronombre: string | null;
  tieneFoto: boolean;
}

type NombreCampo = 'nombre' | 'apellido' | 'codigoArea' | 'telefono' | 'email' | 'foto';
type Errores = Partial<Record<NombreCampo, string>>;

const EMAIL_INVALIDO = 'Ingrese un email válido';

/**
 * Los avisos (las notificaciones de Mantine) se cargan sólo al guardar: no pesan al abrir. Si
 * su código no llega (sin conexión), el guardado sigue igual.
 */
async function avisar(color: 'green' | 'red', message: string) {
  try {
    (await import('@/components/ui/avisos')).avisar({ color, message });
  } catch {
    // Sin aviso: lo guardado ya está guardado (o el botón vuelve a estar habilitado).
  }
}

/** Las reglas del formulario (las mismas del servidor y de la inscripción, de `domain/`). */
function validar(v: Record<Exclude<NombreCampo, 'foto'>, string>, foto: File | null): Errores {
  const e: Errores = {};
  if (!textoPresente(v.nombre)) e.nombre = NO_PUEDE_ESTAR_VACIO;
  if (!textoPresente(v.apellido)) e.apellido = NO_PUEDE_ESTAR_VACIO;
  if (!codigoAreaValido(v.codigoArea)) e.codigoArea = ENTRE_2_Y_4_DIGITOS;
  if (!numeroTelefonoValido(v.telefono)) e.telefono = ENTRE_6_Y_8_DIGITOS;
  if (!emailValido(v.email)) e.email = EMAIL_INVALIDO;
  if (foto && foto.size > TAMANIO_MAXIMO_FOTO) e.foto = FOTO_DEMASIADO_GRANDE;
  return e;
}

/**
 * Formulario del perfil: nombre, apellido, teléfono y email obligatorios; pronombre y foto
 * optativos. HTML y React: los campos no son controlados (lo escrito antes de que cargue el
 * JavaScript no se pierde) y "Guardar" se habilita al hidratar. Guarda en multipart por
 * /api/alumnos/update/{orden} y vuelve al inicio con el aviso 'Perfil guardado'.
 */
export function FormularioPerfil({ datos }: { datos: DatosPerfil }) {
  const router = useRouter();
  const base = useId();
  const id = (campo: string) => `${base}-${campo}`;
  const archivo = useRef<HTMLInputElement>(null);
  const hidratado = useHidratado();
  const [guardando, setGuardando] = useState(false);
  const [errores, setErrores] = useState<Errores>({});
  const [foto, setFoto] = useState<File | null>(null);
  const { codigoArea, numero } = partirTelefono(datos.telefono);

  /** Al cambiar un campo, su error se va (como en los formularios de Mantine). */
  const limpiar = (campo: NombreCampo) => () =>
    setErrores((e) => {
      if (!e[campo]) return e;
      const resto = { ...e };
      delete resto[campo];
      return resto;
    });

  /** Lo de cada campo de texto (obligatorios): id, nombre, valor y su error, que se va al escribir. */
  const campo = (c: Exclude<NombreCampo, 'foto'>, valor: string) => ({
    id: id(c),
    name: c,
    obligatorio: true,
    defaultValue: valor,
    error: errores[c],
    onInput: limpiar(c),
  });

  const elegirFoto = (f: File | null) => {
    setFoto(f);
    limpiar('foto')();
  };

  const quitarFoto = () => {
    if (archivo.current) archivo.current.value = '';
    elegirFoto(null);
    archivo.current?.focus();
  };

  const enviar = async (evento: FormEvent<HTMLFormElement>) => {
    evento.preventDefault();
    if (guardando) return;
    const formulario = evento.currentTarget;
    const leido = new FormData(formulario);
    const texto = (campo: string) => String(leido.get(campo) ?? '');
    const v = {
      nombre: texto('nombre'),
      apellido: texto('apellido'),
      codigoArea: texto('codigoArea'),
      telefono: texto('telefono'),
      email: texto('email'),
    };
    // La foto, del campo (también si se eligió antes de hidratar).
    const fotoElegida = archivo.current?.files?.[0] ?? null;
    const e = validar(v, fotoElegida);
    setErrores(e);
    const primero = (Object.keys(e) as NombreCampo[])[0];
    if (primero) {
      formulario.querySelector<HTMLElement>(`#${CSS.escape(id(primero))}`)?.focus();
      return;
    }
    const cuerpo = new FormData();
    cuerpo.append('nombre', v.nombre.trim());
    cuerpo.append('apellido', v.apellido.trim());
    cuerpo.append('telefono', unirTelefono(v.codigoArea, v.telefono));
    cuerpo.append('email', v.email.trim());
    cuerpo.append('pronombre', texto('pronombre').trim());
    if (fotoElegida) cuerpo.append('fotoPerfil', fotoElegida);
    setGuardando(true);
    try {
      const r = await fetch(`/api/alumnos/update/${datos.orden}`, { method: 'POST', body: cuerpo });
      const j = (await r.json().catch(() => null)) as { message?: string } | null;
      if (!r.ok) {
        await avisar('red', j?.message ?? 'No se pudo guardar el perfil.');
        return;
      }
      await avisar('green', PERFIL_GUARDADO);
      router.push('/');
      router.refresh();
    } catch {
      await avisar('red', 'No se pudo guardar el perfil: revise la conexión e intente de nuevo.');
    } finally {
      setGuardando(false);
    }
  };

  return (
    <div className={css.papel}>
      <form onSubmit={enviar} noValidate aria-label="Editar perfil" className={css.pila}>
        <div className={css.cabecera}>
          <span className={css.avatar}>
            {datos.tieneFoto ? (
              // eslint-disable-next-line @next/next/no-img-element -- la foto es un dato privado, sin optimizar
              <img src={`/api/alumnos/${datos.orden}/foto`} alt="Foto de perfil" />
            ) : (
              `${datos.nombre[0] ?? ''}${datos.apellido[0] ?? ''}`
            )}
          </span>
          <h1 className={css.titulo}>Editar perfil</h1>
        </div>
        <CampoTexto
          etiqueta="Nombre"
          autoComplete="given-name"
          {...campo('nombre', datos.nombre)}
        />
        <CampoTexto
          etiqueta="Apellido"
          autoComplete="family-name"
          {...campo('apellido', datos.apellido)}
        />
        <CamposTelefono
          area={{ etiqueta: 'Código de área', ...campo('codigoArea', codigoArea) }}
          numero={{ etiqueta: 'Teléfono', ...campo('telefono', numero) }}
        />
        <CampoTexto
          etiqueta="Email"
          type="email"
          autoComplete="email"
          {...campo('email', datos.email ?? '')}
        />
        <CampoTexto
          id={id('pronombre')}
          name="pronombre"
          etiqueta="Pronombre"
          maxLength={30}
          placeholder="Por ejemplo: ella, él, elle"
          defaultValue={datos.pronombre ?? ''}
        />
        <Campo id={id('foto')} etiqueta="Foto de perfil" error={errores.foto}>
          {/* El campo de archivo nativo cubre el recuadro (invisible): clic, teclado y lectores. */}
          <div className={css.archivo} data-invalido={errores.foto ? true : undefined}>
            <IconPhoto size={16} aria-hidden className={css.iconoArchivo} />
            <span className={foto ? css.nombreArchivo : css.sinArchivo} aria-hidden>
              {foto ? foto.name : 'Elegir una imagen'}
            </span>
            <input
              ref={archivo}
              id={id('foto')}
              type="file"
              accept={ACEPTA_FOTO}
              className={css.archivoNativo}
              onChange={(e) => elegirFoto(e.currentTarget.files?.[0] ?? null)}
              {...aria(id('foto'), null, errores.foto)}
            />
            {foto && (
              <button
                type="button"
                className={`${botonIcono.botonIcono} ${css.quitar}`}
                aria-label="Quitar archivo"
                onClick={quitarFoto}
              >
                <IconX size={14} aria-hidden />
              </button>
            )}
          </div>
        </Campo>
        <div className={css.acciones}>
          <button
            type="button"
            className={`${botones.boton} ${botones.default} ${botones.sm}`}
            onClick={() => router.push('/')}
          >
            Cancelar
          </button>
          <button
            type="submit"
            className={`${botones.boton} ${botones.filled} ${botones.sm}`}
            disabled={!hidratado || guardando}
            aria-busy={guardando || undefined}
          >
            {guardando && <span className={ruedita.ruedita} aria-hidden />}
            Guardar
          </button>
        </div>
        {guardando && (
          <p className="solo-lector" role="status">
            Guardando el perfil…
          </p>
        )}
      </form>
    </div>
  );
}
