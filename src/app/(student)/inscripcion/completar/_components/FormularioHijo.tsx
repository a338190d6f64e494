'use client';
import { useRef, useState, type ReactNode } from 'react';
import { unirTelefono } from '@/domain/escuela';
import { leerDecimal, textoDeCampo } from '@/domain/numeros';
import {
  ACEPTA_COMPROBANTE,
  ANTECEDENTES,
  CLAVES_ANTECEDENTES,
  CLAVES_PREGUNTAS,
  COMPROBANTE_DEMASIADO_GRANDE,
  DECLARACION_JURADA,
  ENTRE_2_Y_4_DIGITOS,
  ENTRE_6_Y_8_DIGITOS,
  FACTORES_RH,
  GRUPOS_SANGUINEOS,
  NO_PUEDE_ESTAR_VACIO,
  PREGUNTAS_APTITUD,
  PREGUNTAS_FICHA,
  SOLO_JPG_JPEG_PDF,
  TAMANIO_MAXIMO_COMPROBANTE,
  TERMINAR_INSCRIPCION,
  codigoAreaValido,
  cuilValido,
  emailValido,
  extensionAceptada,
  medidaCorporalValida,
  numeroTelefonoValido,
  textoPresente,
  type PreguntaFicha,
} from '@/domain/inscripcion';
import { Campo, aria } from '@/components/campos/Campo';
import botonIcono from '@/components/ui/boton-icono.module.css';
import campos from '@/components/campos/campos.module.css';
import { avisar } from './avisos';
import {
  Boton,
  CampoTexto,
  CampoTextoLargo,
  CamposTelefono,
  Casilla,
  GrupoOpciones,
  useHidratado,
} from './campos';
import { problemaDelComprobante } from './comprobante';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from './errores';
import { IconoClip, IconoCerrar } from './iconos';
import clases from './inscripcion.module.css';

export interface Hijo {
  orden: number;
  nombre: string;
  apellido: string;
  email: string | null;
  codigoArea: string;
  numero: string;
}

const PREGUNTAS_TEXTO = CLAVES_PREGUNTAS.filter((p) => !PREGUNTAS_APTITUD.includes(p));

/** Los campos de texto y de opciones, en el orden en que se envían (el de la spec, 02 §3). */
const TEXTOS = [
  'email',
  'cuil',
  'calle',
  'altura',
  'localidad',
  'grupoSanguineo',
  'factorRH',
  'pesoKilogramos',
  'alturaCentimetros',
] as const;
const SERVICIO = [
  'nombreServicioEmergencia',
  'carnetServicioEmergencia',
  'telefonoServicioEmergencia',
] as const;
const OBRA_SOCIAL = ['nombreObraSocial', 'carnetObraSocial', 'telefonoObraSocial'] as const;

type Valores = Record<string, string | boolean> & {
  codarea: string;
  telefono: string;
};

/** Lo que tiene el formulario: los textos recortados al validar, las casillas como booleanos. */
function leer(form: HTMLFormElement): Valores {
  const campo = (nombre: string) =>
    form.elements.namedItem(nombre) as HTMLInputElement | RadioNodeList | null;
  const texto = (nombre: string) => String(campo(nombre)?.value ?? '');
  const casilla = (nombre: string) => (campo(nombre) as HTMLInputElement | null)?.checked ?? false;
  const v: Valores = { codarea: texto('codarea'), telefono: texto('telefono') };
  for (const k of TEXTOS) v[k] = texto(k);
  v.tieneServicioEmergencia = casilla('tieneServicioEmergencia');
  for (const k of SERVICIO) v[k] = texto(k);
  v.tieneObraSocial = casilla('tieneObraSocial');
  for (const k of OBRA_SOCIAL) v[k] = texto(k);
  for (const k of CLAVES_ANTECEDENTES) v[k] = casilla(k);
  for (const k of CLAVES_PREGUNTAS) v[k] = texto(k);
  return v;
}

interface Rechazado {
  archivo: File;
  mensaje: string;
}

/** Las mismas reglas que el servidor (spec 02 §5), para avisar campo por campo antes de enviar. */
function validar(
  v: Valores,
  comprobante: File | null,
  rechazado: Rechazado | null,
): Record<string, string> {
  const e: Record<string, string> = {};
  // La misma regla que el servidor: lo que el formulario acepta, el servidor no lo rechaza.
  if (!emailValido(v.email)) e.email = 'Ingrese un email válido';
  if (!codigoAreaValido(v.codarea)) e.codarea = ENTRE_2_Y_4_DIGITOS;
  if (!numeroTelefonoValido(v.telefono)) e.telefono = ENTRE_6_Y_8_DIGITOS;
  if (!cuilValido(v.cuil)) e.cuil = 'El CUIL debe tener la forma 00-12345678-0';
  for (const k of ['calle', 'altura', 'localidad'] as const)
    if (!textoPresente(v[k])) e[k] = NO_PUEDE_ESTAR_VACIO;
  if (!v.grupoSanguineo) e.grupoSanguineo = 'Elija el grupo sanguíneo';
  if (!v.factorRH) e.factorRH = 'Elija el factor RH';
  for (const k of ['pesoKilogramos', 'alturaCentimetros'] as const) {
    const l = leerDecimal(v[k] as string);
    if (!l.ok) e[k] = l.mensaje;
    else if (!medidaCorporalValida(l.valor)) e[k] = 'Un número, como mínimo 1';
  }
  if (!comprobante) e.comprobante = 'Adjunte el comprobante de pago';
  else if (!extensionAceptada(comprobante.name)) e.comprobante = SOLO_JPG_JPEG_PDF;
  else if (comprobante.size > TAMANIO_MAXIMO_COMPROBANTE)
    e.comprobante = COMPROBANTE_DEMASIADO_GRANDE;
  else if (rechazado?.archivo === comprobante) e.comprobante = rechazado.mensaje;
  return e;
}

/**
 * Peso y altura al salir del campo: "52,5" y "52.5" son lo mismo (issue 32 §1); un número se
 * muestra con coma y un decimal, entre 1 y 999; lo que no es un número queda como está y
 * `validar` lo dice junto al campo (nunca se descarta un separador en silencio).
 */
const ajustarMedida = (t: string) => {
  const l = leerDecimal(t);
  if (!l.ok || l.valor == null) return t;
  return textoDeCampo(Math.min(999, Math.max(1, Math.round(l.valor * 10) / 10)));
};

/** Lo que se envía: el número con punto, como lo lee el servidor. */
const medidaParaEnviar = (t: string) => {
  const l = leerDecimal(t);
  return l.ok && l.valor != null ? String(l.valor) : t.trim();
};

/**
 * El formulario de inscripción de un hijo (spec 02 §2 "Enrolment form contents"): contacto,
 * CUIL, domicilio, ficha médica, cuota de la cooperadora y comprobante. Se envía una sola vez,
 * después de confirmar la declaración jurada, como multipart a POST /api/alumnos/{id}/inscribir.
 * Campos HTML sin controlar (el formulario los lee al enviar): escribir no vuelve a dibujar los
 * cincuenta campos en un teléfono.
 */
export default function FormularioHijo({
  hijo,
  ciclo,
  cuota,
  alInscribir,
}: {
  hijo: Hijo;
  ciclo: number;
  /** La cuota de la cooperadora, ya dibujada en el servidor. */
  cuota: ReactNode;
  /** Después de enviar: la pantalla abre el hijo siguiente y le pasa el foco. */
  alInscribir: (orden: number) => void;
}) {
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [enviando, setEnviando] = useState(false);
  const enviandoAhora = useRef(false);
  const [servicio, setServicio] = useState(false);
  const [obraSocial, setObraSocial] = useState(false);
  const [comprobante, setComprobanteSolo] = useState<File | null>(null);
  const actual = useRef<File | null>(null);
  /** El último archivo que se reconoció por su contenido como inválido (no se envía). */
  const rechazado = useRef<Rechazado | null>(null);
  const hidratado = useHidratado();
  const id = (campo: string) => `h${hijo.orden}-${campo}`;
  const enfocar = (campo: string) => document.getElementById(id(campo))?.focus();

  const setComprobante = (archivo: File | null) => {
    actual.current = archivo;
    setComprobanteSolo(archivo);
  };
  const quitarError = (campo: string) =>
    setErrores((e) => {
      if (!(campo in e)) return e;
      const { [campo]: _quitado, ...resto } = e;
      return resto;
    });

  /**
   * El comprobante se reconoce por su contenido con la misma regla que el servidor: un archivo
   * que sólo se llama .pdf se rechaza acá, antes de la declaración jurada. Devuelve si sirve.
   */
  const revisarComprobante = async (archivo: File | null): Promise<boolean> => {
    // Sin archivo, con otra extensión o demasiado grande: ya lo marca `validar`.
    if (!archivo || !extensionAceptada(archivo.name) || archivo.size > TAMANIO_MAXIMO_COMPROBANTE)
      return true;
    const problema = await problemaDelComprobante(archivo).catch(() => SOLO_JPG_JPEG_PDF);
    // Si mientras tanto eligió otro archivo, el resultado de éste ya no importa.
    if (actual.current !== archivo) return true;
    if (problema) {
      rechazado.current = { archivo, mensaje: problema };
      setErrores((e) => ({ ...e, comprobante: problema }));
    }
    return problema === null;
  };

  const enviar = async (evento: React.FormEvent<HTMLFormElement>) => {
    evento.preventDefault();
    if (enviandoAhora.current) return;
    const v = leer(evento.currentTarget);
    const archivo = actual.current;
    const encontrados = validar(v, archivo, rechazado.current);
    setErrores(encontrados);
    // Lleva la vista al primer campo con error (en el teléfono el formulario es largo).
    const primero = Object.keys(encontrados)[0];
    if (primero) return enfocar(primero);
    // Mientras envía, el botón muestra la rueda; no mientras espera la confirmación (el diálogo
    // es modal y, al cancelarlo, el foco vuelve al botón).
    enviandoAhora.current = true;
    try {
      if (!(await revisarComprobante(archivo))) return enfocar('comprobante');
      if (
        !(await confirmar({
          titulo: `¿Terminar la inscripción de ${hijo.apellido}, ${hijo.nombre} al ciclo lectivo ${ciclo}?`,
          mensaje: DECLARACION_JURADA,
          confirmar: 'Enviar',
        }))
      )
        return;
      setEnviando(true);
      // La forma de la spec (02 §3, §7): telefono "área número" sin codarea y el archivo en
      // comprobantePago; las casillas como "true"/"false".
      const datos = new FormData();
      for (const [k, valor] of Object.entries(v)) {
        if (k === 'codarea' || k === 'telefono') continue;
        if (k === 'pesoKilogramos' || k === 'alturaCentimetros')
          datos.append(k, medidaParaEnviar(valor as string));
        else datos.append(k, typeof valor === 'boolean' ? String(valor) : valor.trim());
      }
      datos.append('telefono', unirTelefono(v.codarea, v.telefono));
      datos.append('comprobantePago', archivo!);
      const r = await fetch(`/api/alumnos/${hijo.orden}/inscribir`, {
        method: 'POST',
        body: datos,
      });
      const cuerpo = (await r.json().catch(() => null)) as { message?: string } | null;
      if (!r.ok) throw new Error(cuerpo?.message ?? 'No se pudo enviar la inscripción.');
      avisar({ color: 'green', message: `La inscripción de ${hijo.nombre} quedó enviada.` });
      alInscribir(hijo.orden);
    } catch (e) {
      avisar({
        color: 'red',
        autoClose: false,
        message: mensajeDeError(e, 'No se pudo enviar la inscripción. Intente nuevamente.'),
      });
    } finally {
      enviandoAhora.current = false;
      setEnviando(false);
    }
  };

  const texto = (nombre: string) => ({ id: id(nombre), name: nombre, error: errores[nombre] });
  const medida = (nombre: string) => ({
    ...texto(nombre),
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
      e.currentTarget.value = ajustarMedida(e.currentTarget.value);
    },
  });
  const errorComprobante = errores.comprobante;

  return (
    <form
      onSubmit={(e) => void enviar(e)}
      // Cambiar un campo borra su error (como los formularios de Mantine).
      onChange={(e) => {
        const nombre = (e.target as EventTarget as { name?: unknown }).name;
        if (typeof nombre !== 'string') return;
        if (nombre && nombre !== 'comprobante') quitarError(nombre);
      }}
      noValidate
      aria-label={`Inscripción de ${hijo.nombre}`}
      className={clases.pila}
    >
      <div className={clases.pilaChica}>
        <CampoTexto
          etiqueta="Email"
          type="email"
          obligatorio
          autoComplete="off"
          descripcion="Verifique que esté vigente y que sea del/la estudiante."
          defaultValue={hijo.email ?? ''}
          {...texto('email')}
        />
        <CamposTelefono
          ejemplo="4567890"
          area={{ etiqueta: 'Código de área', defaultValue: hijo.codigoArea, ...texto('codarea') }}
          numero={{ etiqueta: 'Teléfono', defaultValue: hijo.numero, ...texto('telefono') }}
        />
        <CampoTexto
          etiqueta="CUIL"
          obligatorio
          inputMode="numeric"
          placeholder="00-12345678-0"
          descripcion="Por ejemplo 00-12345678-0"
          {...texto('cuil')}
        />
        <div className={clases.grilla3}>
          <CampoTexto
            etiqueta="Calle"
            obligatorio
            autoComplete="address-line1"
            {...texto('calle')}
          />
          <CampoTexto etiqueta="Altura" obligatorio inputMode="numeric" {...texto('altura')} />
          <CampoTexto
            etiqueta="Localidad"
            obligatorio
            autoComplete="address-level2"
            defaultValue="Rosario"
            {...texto('localidad')}
          />
        </div>
      </div>

      <fieldset className={`${clases.papelChico} ${clases.pilaChica}`}>
        <legend className={clases.leyenda}>Ficha médica</legend>
        <p className={clases.texto}>
          Los datos de la ficha médica son confidenciales y tienen carácter de declaración jurada.
        </p>
        <GrupoOpciones
          id={id('grupoSanguineo')}
          nombre="grupoSanguineo"
          etiqueta="Grupo sanguíneo"
          obligatorio
          error={errores.grupoSanguineo}
          opciones={GRUPOS_SANGUINEOS.map((g) => ({ valor: g, etiqueta: g }))}
        />
        <GrupoOpciones
          id={id('factorRH')}
          nombre="factorRH"
          etiqueta="Factor RH"
          obligatorio
          error={errores.factorRH}
          opciones={FACTORES_RH.map((f) => ({
            valor: f,
            etiqueta: f === '+' ? 'Positivo (+)' : 'Negativo (−)',
          }))}
        />
        <div className={campos.dosCampos}>
          <CampoTexto etiqueta="Peso (kg)" obligatorio {...medida('pesoKilogramos')} />
          <CampoTexto etiqueta="Altura (cm)" obligatorio {...medida('alturaCentimetros')} />
        </div>
        <Casilla
          etiqueta="Tiene servicio de emergencia médica"
          id={id('tieneServicioEmergencia')}
          name="tieneServicioEmergencia"
          onChange={(e) => setServicio(e.currentTarget.checked)}
        />
        {/* Oculto y no quitado: lo escrito queda si se destilda y se vuelve a tildar. */}
        <div className={clases.grilla3} hidden={!servicio}>
          <CampoTexto etiqueta="Servicio de emergencia" {...texto('nombreServicioEmergencia')} />
          <CampoTexto etiqueta="N° de afiliado" {...texto('carnetServicioEmergencia')} />
          <CampoTexto
            etiqueta="Teléfono del servicio"
            inputMode="tel"
            {...texto('telefonoServicioEmergencia')}
          />
        </div>
        <Casilla
          etiqueta="Tiene obra social"
          id={id('tieneObraSocial')}
          name="tieneObraSocial"
          onChange={(e) => setObraSocial(e.currentTarget.checked)}
        />
        <div className={clases.grilla3} hidden={!obraSocial}>
          <CampoTexto etiqueta="Obra social" {...texto('nombreObraSocial')} />
          <CampoTexto etiqueta="N° de carnet" {...texto('carnetObraSocial')} />
          <CampoTexto
            etiqueta="Teléfono de la obra social"
            inputMode="tel"
            {...texto('telefonoObraSocial')}
          />
        </div>
        <fieldset className={clases.grupoOpciones}>
          <legend className={clases.leyendaChica}>
            Antecedentes (marque los que correspondan)
          </legend>
          <div className={clases.grillaAntecedentes}>
            {CLAVES_ANTECEDENTES.map((c) => (
              <Casilla key={c} etiqueta={ANTECEDENTES[c]} id={id(c)} name={c} />
            ))}
          </div>
        </fieldset>
        {PREGUNTAS_TEXTO.map((p: PreguntaFicha) => (
          <CampoTextoLargo key={p} etiqueta={PREGUNTAS_FICHA[p]} maxLength={1000} {...texto(p)} />
        ))}
        {PREGUNTAS_APTITUD.map((p) => (
          <GrupoOpciones
            key={p}
            id={id(p)}
            nombre={p}
            etiqueta={PREGUNTAS_FICHA[p]}
            opciones={[
              { valor: 'Sí', etiqueta: 'Sí' },
              { valor: 'No', etiqueta: 'No' },
            ]}
          />
        ))}
        <p className={`${clases.aviso} ${clases.avisoAzul}`}>
          Recuerde imprimir la ficha médica desde el perfil del/la estudiante, firmarla y entregarla
          al preceptor/a del curso.
        </p>
      </fieldset>

      {cuota}

      <Campo
        id={id('comprobante')}
        etiqueta="Comprobante de pago"
        obligatorio
        error={errorComprobante}
      >
        <div className={clases.archivo} data-error={errorComprobante ? '' : undefined}>
          <IconoClip />
          <span className={`${clases.archivoNombre} ${comprobante ? '' : clases.atenuado}`}>
            {comprobante?.name ?? 'Elegir archivo'}
          </span>
          <input
            type="file"
            id={id('comprobante')}
            name="comprobante"
            accept={ACEPTA_COMPROBANTE}
            required
            disabled={!hidratado}
            {...aria(id('comprobante'), null, errorComprobante)}
            onChange={(e) => {
              const archivo = e.currentTarget.files?.[0] ?? null;
              setComprobante(archivo);
              quitarError('comprobante');
              void revisarComprobante(archivo);
            }}
          />
          {comprobante && (
            <button
              type="button"
              className={`${botonIcono.botonIcono} ${clases.quitar}`}
              aria-label="Quitar archivo"
              onClick={() => {
                const input = document.getElementById(id('comprobante')) as HTMLInputElement;
                input.value = '';
                setComprobante(null);
                quitarError('comprobante');
                input.focus();
              }}
            >
              <IconoCerrar />
            </button>
          )}
        </div>
      </Campo>

      <Boton type="submit" tamanio="md" guardando={enviando} className={clases.anchoCompleto}>
        {TERMINAR_INSCRIPCION}
      </Boton>
    </form>
  );
}
