'use client';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import {
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type ReactNode,
} from 'react';
import botones from '@/components/botones/botones.module.css';
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

type Campo = 'nombre' | 'apellido' | 'codigoArea' | 'telefono' | 'email' | 'foto';
type Errores = Partial<Record<Campo, string>>;

const sinCambios = () => () => {};
const enElNavegador = () => true;
const enElServidor = () => false;

const EMAIL_INVALIDO = 'Ingrese un email válido';

/**
 * Los avisos (las notificaciones de Mantine) se cargan sólo al guardar: no pesan al abrir. Si
 * su código no llega (sin conexión), el guardado sigue igual.
 */
async function avisar(color: 'green' | 'red', message: string) {
  try {
    (await import('@/components/avisos')).avisar({ color, message });
  } catch {
    // Sin aviso: lo guardado ya está guardado (o el botón vuelve a estar habilitado).
  }
}

/** Las reglas del formulario (las mismas del servidor y de la inscripción, de `domain/`). */
function validar(v: Record<Exclude<Campo, 'foto'>, string>, foto: File | null): Errores {
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
 * Un campo con su etiqueta (el asterisco fuera del nombre accesible), la ayuda y el error
 * enlazados con aria-describedby y aria-invalid, como los de Mantine.
 */
function Campo({
  id,
  etiqueta,
  obligatorio,
  descripcion,
  error,
  className,
  children,
}: {
  id: string;
  etiqueta: string;
  obligatorio?: boolean;
  descripcion?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `${css.campo} ${className}` : css.campo}>
      <label htmlFor={id} className={css.etiqueta}>
        {etiqueta}
        {obligatorio && (
          <span className={css.asterisco} aria-hidden>
            {' *'}
          </span>
        )}
      </label>
      {descripcion && (
        <p id={`${id}-descripcion`} className={css.descripcion}>
          {descripcion}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className={css.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Los atributos de accesibilidad de la entrada de un campo. */
const aria = (id: string, error: string | undefined, descripcion = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby':
    [descripcion && `${id}-descripcion`, error && `${id}-error`].filter(Boolean).join(' ') ||
    undefined,
});

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
  // false en el HTML del servidor, true desde que hidrata.
  const hidratado = useSyncExternalStore(sinCambios, enElNavegador, enElServidor);
  const [guardando, setGuardando] = useState(false);
  const [errores, setErrores] = useState<Errores>({});
  const [foto, setFoto] = useState<File | null>(null);
  const { codigoArea, numero } = partirTelefono(datos.telefono);

  /** Al cambiar un campo, su error se va (como en los formularios de Mantine). */
  const limpiar = (campo: Campo) => () =>
    setErrores((e) => {
      if (!e[campo]) return e;
      const resto = { ...e };
      delete resto[campo];
      return resto;
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
    const primero = (Object.keys(e) as Campo[])[0];
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
        <Campo id={id('nombre')} etiqueta="Nombre" obligatorio error={errores.nombre}>
          <input
            id={id('nombre')}
            name="nombre"
            className={css.entrada}
            required
            autoComplete="given-name"
            defaultValue={datos.nombre}
            onInput={limpiar('nombre')}
            {...aria(id('nombre'), errores.nombre)}
          />
        </Campo>
        <Campo id={id('apellido')} etiqueta="Apellido" obligatorio error={errores.apellido}>
          <input
            id={id('apellido')}
            name="apellido"
            className={css.entrada}
            required
            autoComplete="family-name"
            defaultValue={datos.apellido}
            onInput={limpiar('apellido')}
            {...aria(id('apellido'), errores.apellido)}
          />
        </Campo>
        <div className={css.telefono}>
          <Campo
            id={id('codigoArea')}
            etiqueta="Código de área"
            obligatorio
            error={errores.codigoArea}
            className={css.codigoArea}
          >
            <input
              id={id('codigoArea')}
              name="codigoArea"
              className={css.entrada}
              required
              inputMode="numeric"
              defaultValue={codigoArea}
              onInput={limpiar('codigoArea')}
              {...aria(id('codigoArea'), errores.codigoArea)}
            />
          </Campo>
          <Campo
            id={id('telefono')}
            etiqueta="Teléfono"
            obligatorio
            descripcion="Sin el 15"
            error={errores.telefono}
          >
            <input
              id={id('telefono')}
              name="telefono"
              className={css.entrada}
              required
              inputMode="numeric"
              defaultValue={numero}
              onInput={limpiar('telefono')}
              {...aria(id('telefono'), errores.telefono, true)}
            />
          </Campo>
        </div>
        <Campo id={id('email')} etiqueta="Email" obligatorio error={errores.email}>
          <input
            id={id('email')}
            name="email"
            type="email"
            className={css.entrada}
            required
            autoComplete="email"
            defaultValue={datos.email ?? ''}
            onInput={limpiar('email')}
            {...aria(id('email'), errores.email)}
          />
        </Campo>
        <Campo id={id('pronombre')} etiqueta="Pronombre">
          <input
            id={id('pronombre')}
            name="pronombre"
            className={css.entrada}
            maxLength={30}
            placeholder="Por ejemplo: ella, él, elle"
            defaultValue={datos.pronombre ?? ''}
          />
        </Campo>
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
              {...aria(id('foto'), errores.foto)}
            />
            {foto && (
              <button
                type="button"
                className={css.quitar}
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
            {guardando && <span className={css.girandoChico} aria-hidden />}
            Guardar
          </button>
        </div>
        {guardando && (
          <p className={css.oculto} role="status">
            Guardando el perfil…
          </p>
        )}
      </form>
    </div>
  );
}
