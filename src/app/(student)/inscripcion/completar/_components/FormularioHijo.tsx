'use client';
import { email as esquemaEmail } from '@/server/api/schemas';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  FileInput,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { avisar } from '@/components/avisos';
import { IconPaperclip } from '@tabler/icons-react';
import { CamposTelefono } from '@/components/CamposTelefono';
import { confirmar } from '@/components/confirmar';
import { unirTelefono } from '@/domain/escuela';
import {
  ACEPTA_COMPROBANTE,
  ANTECEDENTES,
  CLAVES_ANTECEDENTES,
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
  extensionAceptada,
  medidaCorporalValida,
  numeroTelefonoValido,
  textoPresente,
  type Antecedente,
  type PreguntaFicha,
} from '@/domain/inscripcion';
import { problemaDelComprobante } from './comprobante';
import { CuotaCooperadora, type Cuota } from '@/components/CuotaCooperadora';
import { mensajeDeError } from './errores';

export type { Cuota };

export interface Hijo {
  orden: number;
  nombre: string;
  apellido: string;
  email: string | null;
  codigoArea: string;
  numero: string;
}

type Valores = {
  email: string;
  codarea: string;
  telefono: string;
  cuil: string;
  calle: string;
  altura: string;
  localidad: string;
  grupoSanguineo: string;
  factorRH: string;
  pesoKilogramos: number | string;
  alturaCentimetros: number | string;
  tieneServicioEmergencia: boolean;
  nombreServicioEmergencia: string;
  carnetServicioEmergencia: string;
  telefonoServicioEmergencia: string;
  tieneObraSocial: boolean;
  nombreObraSocial: string;
  carnetObraSocial: string;
  telefonoObraSocial: string;
  comprobante: File | null;
  /** El último archivo que se reconoció por su contenido como inválido (no se envía). */
  comprobanteRechazado: { archivo: File; mensaje: string } | null;
} & Record<Antecedente, boolean> &
  Record<PreguntaFicha, string>;

const PREGUNTAS_TEXTO = (Object.keys(PREGUNTAS_FICHA) as PreguntaFicha[]).filter(
  (p) => !PREGUNTAS_APTITUD.includes(p),
);

function iniciales(h: Hijo): Valores {
  return {
    email: h.email ?? '',
    codarea: h.codigoArea,
    telefono: h.numero,
    cuil: '',
    calle: '',
    altura: '',
    localidad: 'Rosario',
    grupoSanguineo: '',
    factorRH: '',
    pesoKilogramos: '',
    alturaCentimetros: '',
    tieneServicioEmergencia: false,
    nombreServicioEmergencia: '',
    carnetServicioEmergencia: '',
    telefonoServicioEmergencia: '',
    tieneObraSocial: false,
    nombreObraSocial: '',
    carnetObraSocial: '',
    telefonoObraSocial: '',
    comprobante: null,
    comprobanteRechazado: null,
    ...(Object.fromEntries(CLAVES_ANTECEDENTES.map((c) => [c, false])) as Record<
      Antecedente,
      boolean
    >),
    ...(Object.fromEntries(Object.keys(PREGUNTAS_FICHA).map((p) => [p, ''])) as Record<
      PreguntaFicha,
      string
    >),
  };
}

/** Las mismas reglas que el servidor (spec 02 §5), para avisar campo por campo antes de enviar. */
function validar(v: Valores): Record<string, string> {
  const e: Record<string, string> = {};
  // La misma regla que el servidor: lo que el formulario acepta, el servidor no lo rechaza.
  if (!esquemaEmail.safeParse(v.email).success) e.email = 'Ingrese un email válido';
  if (!codigoAreaValido(v.codarea)) e.codarea = ENTRE_2_Y_4_DIGITOS;
  if (!numeroTelefonoValido(v.telefono)) e.telefono = ENTRE_6_Y_8_DIGITOS;
  if (!cuilValido(v.cuil)) e.cuil = 'El CUIL debe tener la forma 00-12345678-0';
  for (const k of ['calle', 'altura', 'localidad'] as const)
    if (!textoPresente(v[k])) e[k] = NO_PUEDE_ESTAR_VACIO;
  if (!v.grupoSanguineo) e.grupoSanguineo = 'Elija el grupo sanguíneo';
  if (!v.factorRH) e.factorRH = 'Elija el factor RH';
  if (!medidaCorporalValida(v.pesoKilogramos)) e.pesoKilogramos = 'Un número, como mínimo 1';
  if (!medidaCorporalValida(v.alturaCentimetros)) e.alturaCentimetros = 'Un número, como mínimo 1';
  if (!v.comprobante) e.comprobante = 'Adjunte el comprobante de pago';
  else if (!extensionAceptada(v.comprobante.name)) e.comprobante = SOLO_JPG_JPEG_PDF;
  else if (v.comprobante.size > TAMANIO_MAXIMO_COMPROBANTE)
    e.comprobante = COMPROBANTE_DEMASIADO_GRANDE;
  else if (v.comprobanteRechazado?.archivo === v.comprobante)
    e.comprobante = v.comprobanteRechazado.mensaje;
  return e;
}

/**
 * El formulario de inscripción de un hijo (spec 02 §2 "Enrolment form contents"): contacto,
 * CUIL, domicilio, ficha médica, cuota de la cooperadora y comprobante. Se envía una sola vez,
 * después de confirmar la declaración jurada, como multipart a POST /api/alumnos/{id}/inscribir.
 */
export function FormularioHijo({
  hijo,
  ciclo,
  cuota,
  alInscribir,
}: {
  hijo: Hijo;
  ciclo: number;
  cuota: Cuota | null;
  /** Después de enviar: la pantalla abre el hijo siguiente y le pasa el foco. */
  alInscribir: (orden: number) => void;
}) {
  const form = useForm<Valores>({ initialValues: iniciales(hijo), validate: validar });
  const id = (campo: string) => `h${hijo.orden}-${campo}`;

  const enfocar = (campo: string) => document.getElementById(id(campo))?.focus();

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
    if (form.getValues().comprobante !== archivo) return true;
    if (problema) {
      form.setFieldValue('comprobanteRechazado', { archivo, mensaje: problema });
      form.setFieldError('comprobante', problema);
    }
    return problema === null;
  };

  const enviar = form.onSubmit(
    async (v) => {
      if (!(await revisarComprobante(v.comprobante))) {
        enfocar('comprobante');
        return;
      }
      if (
        !(await confirmar({
          titulo: `¿Terminar la inscripción de ${hijo.apellido}, ${hijo.nombre} al ciclo lectivo ${ciclo}?`,
          mensaje: DECLARACION_JURADA,
          confirmar: 'Enviar',
        }))
      )
        return;
      // La forma de la spec (02 §3, §7): telefono "área número" sin codarea y el archivo en
      // comprobantePago; las casillas como "true"/"false".
      const datos = new FormData();
      for (const [k, valor] of Object.entries(v)) {
        if (['comprobante', 'comprobanteRechazado', 'codarea', 'telefono'].includes(k)) continue;
        datos.append(k, typeof valor === 'boolean' ? String(valor) : String(valor ?? '').trim());
      }
      datos.append('telefono', unirTelefono(v.codarea, v.telefono));
      datos.append('comprobantePago', v.comprobante!);
      try {
        const r = await fetch(`/api/alumnos/${hijo.orden}/inscribir`, {
          method: 'POST',
          body: datos,
        });
        const cuerpo = (await r.json().catch(() => null)) as { message?: string } | null;
        if (!r.ok) throw new Error(cuerpo?.message ?? 'No se pudo enviar la inscripción.');
        avisar({
          color: 'green',
          message: `La inscripción de ${hijo.nombre} quedó enviada.`,
        });
        alInscribir(hijo.orden);
      } catch (e) {
        avisar({
          color: 'red',
          autoClose: false,
          message: mensajeDeError(e, 'No se pudo enviar la inscripción. Intente nuevamente.'),
        });
      }
    },
    // Lleva la vista al primer campo con error (en el teléfono el formulario es largo).
    (errores) => {
      const primero = Object.keys(errores)[0];
      if (primero) enfocar(primero);
    },
  );

  const campo = (nombre: keyof Valores) => ({ id: id(nombre), ...form.getInputProps(nombre) });

  return (
    <form onSubmit={enviar} noValidate aria-label={`Inscripción de ${hijo.nombre}`}>
      <Stack gap="md">
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="off"
            description="Verifique que esté vigente y que sea del/la estudiante."
            {...campo('email')}
          />
          <CamposTelefono
            obligatorio
            ejemplo="4567890"
            area={campo('codarea')}
            numero={campo('telefono')}
          />
          <TextInput
            label="CUIL"
            required
            inputMode="numeric"
            placeholder="00-12345678-0"
            description="Por ejemplo 00-12345678-0"
            {...campo('cuil')}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput label="Calle" required autoComplete="address-line1" {...campo('calle')} />
            <TextInput label="Altura" required inputMode="numeric" {...campo('altura')} />
            <TextInput
              label="Localidad"
              required
              autoComplete="address-level2"
              {...campo('localidad')}
            />
          </SimpleGrid>
        </Stack>

        <Paper withBorder p="sm" component="fieldset" style={{ margin: 0 }}>
          <Stack gap="sm">
            <Title order={4} component="legend">
              Ficha médica
            </Title>
            <Text size="sm">
              Los datos de la ficha médica son confidenciales y tienen carácter de declaración
              jurada.
            </Text>
            <Radio.Group label="Grupo sanguíneo" required {...campo('grupoSanguineo')}>
              <Group mt={4}>
                {GRUPOS_SANGUINEOS.map((g) => (
                  <Radio key={g} value={g} label={g} />
                ))}
              </Group>
            </Radio.Group>
            <Radio.Group label="Factor RH" required {...campo('factorRH')}>
              <Group mt={4}>
                {FACTORES_RH.map((f) => (
                  <Radio key={f} value={f} label={f === '+' ? 'Positivo (+)' : 'Negativo (−)'} />
                ))}
              </Group>
            </Radio.Group>
            <Group grow align="flex-start">
              <NumberInput
                label="Peso (kg)"
                required
                min={1}
                max={999}
                decimalScale={1}
                {...campo('pesoKilogramos')}
              />
              <NumberInput
                label="Altura (cm)"
                required
                min={1}
                max={999}
                decimalScale={1}
                {...campo('alturaCentimetros')}
              />
            </Group>
            <Checkbox
              label="Tiene servicio de emergencia médica"
              {...form.getInputProps('tieneServicioEmergencia', { type: 'checkbox' })}
            />
            {form.values.tieneServicioEmergencia && (
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <TextInput label="Servicio de emergencia" {...campo('nombreServicioEmergencia')} />
                <TextInput label="N° de afiliado" {...campo('carnetServicioEmergencia')} />
                <TextInput
                  label="Teléfono del servicio"
                  inputMode="tel"
                  {...campo('telefonoServicioEmergencia')}
                />
              </SimpleGrid>
            )}
            <Checkbox
              label="Tiene obra social"
              {...form.getInputProps('tieneObraSocial', { type: 'checkbox' })}
            />
            {form.values.tieneObraSocial && (
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <TextInput label="Obra social" {...campo('nombreObraSocial')} />
                <TextInput label="N° de carnet" {...campo('carnetObraSocial')} />
                <TextInput
                  label="Teléfono de la obra social"
                  inputMode="tel"
                  {...campo('telefonoObraSocial')}
                />
              </SimpleGrid>
            )}
            <Fieldset legend="Antecedentes (marque los que correspondan)" variant="unstyled">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt={6}>
                {CLAVES_ANTECEDENTES.map((c) => (
                  <Checkbox
                    key={c}
                    label={ANTECEDENTES[c]}
                    {...form.getInputProps(c, { type: 'checkbox' })}
                  />
                ))}
              </SimpleGrid>
            </Fieldset>
            {PREGUNTAS_TEXTO.map((p) => (
              <Textarea
                key={p}
                label={PREGUNTAS_FICHA[p]}
                autosize
                minRows={1}
                maxLength={1000}
                {...campo(p)}
              />
            ))}
            {PREGUNTAS_APTITUD.map((p) => (
              <Radio.Group key={p} label={PREGUNTAS_FICHA[p]} {...campo(p)}>
                <Group mt={4}>
                  <Radio value="Sí" label="Sí" />
                  <Radio value="No" label="No" />
                </Group>
              </Radio.Group>
            ))}
            <Alert color="blue" variant="light">
              Recuerde imprimir la ficha médica desde el perfil del/la estudiante, firmarla y
              entregarla al preceptor/a del curso.
            </Alert>
          </Stack>
        </Paper>

        <CuotaCooperadora cuota={cuota} ciclo={ciclo} idBase={id('cooperadora')} />

        <FileInput
          label="Comprobante de pago"
          required
          accept={ACEPTA_COMPROBANTE}
          placeholder="Elegir archivo"
          leftSection={<IconPaperclip size={16} />}
          clearable
          {...campo('comprobante')}
          onChange={(archivo) => {
            form.setFieldValue('comprobante', archivo);
            void revisarComprobante(archivo);
          }}
        />

        <Button type="submit" size="md" loading={form.submitting} fullWidth>
          {TERMINAR_INSCRIPCION}
        </Button>
      </Stack>
    </form>
  );
}
