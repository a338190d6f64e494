'use client';
import {
  Button,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { avisar } from '@/components/ui/avisos';
import { TRPCClientError } from '@trpc/client';
import { useEffect } from 'react';
import type { ModoFechas } from '@/domain/asistencias';
import { TURNO_POR_DEFECTO, TURNOS, type Turno } from '@/domain/escuela';
import {
  CANTIDAD_MAXIMA,
  CANTIDAD_MINIMA,
  CANTIDAD_POR_DEFECTO,
  CONFIRMAR_BORRAR_MEDIDA,
  ERROR_BORRAR_MEDIDA,
  ETIQUETA_TIPO_MEDIDA,
  MENSAJE_CANTIDAD_CERO,
  debeEnviarse,
  esTipoMedidaEditable,
  fechaMedidaValida,
  fechaMinimaMedida,
  leerCantidad,
  mensajeErrorMedida,
  modoFormularioMedida,
  detalleConfirmacionMedida,
  reglaMotivo,
  textoConfirmacion,
  type TipoMedidaEditable,
} from '@/domain/medidas';
import { confirmar } from '@/components/ui/confirmar';
import { DateInput } from '@/components/campos/fechas';
import { textoDeCampo } from '@/domain/numeros';
import { fechaLegible } from '@/domain/texto';
import type { MedidaDeLista } from '@/components/vistas/tipos';
import { api } from '@/trpc/react';

interface Valores {
  tipo: TipoMedidaEditable;
  fecha: string;
  turno: Turno;
  /** El texto del campo; se lee (`leerCantidad`) al salir de él y al enviar. */
  cantidad: string;
  motivo: string;
}

const TIPOS = (['amonestacion', 'apercibimiento'] as const).map((t) => ({
  value: t,
  label: ETIQUETA_TIPO_MEDIDA[t],
}));

/**
 * El detalle de una falla para el usuario: el mensaje del servidor si es uno de entrada,
 * alcance o conflicto (ya en castellano); nunca el de un error interno ni el de la red.
 */
function detalleDeFalla(e: unknown, titulo: string): string {
  if (e instanceof TRPCClientError) {
    const codigo = (e.data as { code?: string } | undefined)?.code;
    if (codigo && codigo !== 'INTERNAL_SERVER_ERROR' && e.message !== titulo) return e.message;
  }
  return 'Intente nuevamente.';
}

function avisarFalla(titulo: string, e: unknown) {
  avisar({ color: 'red', title: titulo, message: detalleDeFalla(e, titulo) });
}

export interface FormularioMedidaProps {
  alumno: number;
  /** 'Apellido, Nombre' del alumno y su curso de cada ciclo: los nombran las confirmaciones. */
  nombreAlumno: string;
  cursoDelCiclo: (ciclo: number) => string | null;
  modo: ModoFechas;
  hoy: string;
  turno: Turno;
  /** La medida elegida en la lista (sólo en modo completo): el formulario la edita. */
  medida: MedidaDeLista | null;
  /** Después de guardar o borrar, o al volver a "nueva": la lista deselecciona. */
  onTerminar: () => void;
}

/**
 * Formulario de una medida (spec 01 §4, §5, §8): crea una nueva o guarda la elegida. La
 * cantidad acepta coma o punto decimal y se redondea al 0,5 más cercano entre 0 y 15 al salir
 * del campo (lo que no es un número se dice junto al campo); una amonestación con cantidad 0 no
 * hace nada y lo dice junto al campo; antes de pasarla se confirma con la cantidad que se
 * guardará, y cada falla muestra el mensaje del catálogo de su llamada.
 */
export function FormularioMedida({
  alumno,
  nombreAlumno,
  cursoDelCiclo,
  modo,
  hoy,
  turno,
  medida,
  onTerminar,
}: FormularioMedidaProps) {
  const utils = api.useUtils();
  const nueva = api.medidas.nueva.useMutation();
  const editar = api.medidas.editar.useMutation();
  const borrar = api.medidas.borrar.useMutation();
  const operacion = modoFormularioMedida(medida?.orden ?? null, modo);
  const minima = fechaMinimaMedida(hoy, modo);

  const inicial = (): Valores => ({
    tipo: 'amonestacion',
    fecha: hoy,
    turno: turno ?? TURNO_POR_DEFECTO,
    cantidad: CANTIDAD_POR_DEFECTO,
    motivo: '',
  });

  const form = useForm<Valores>({
    initialValues: inicial(),
    validate: {
      // Lo que no es un número se dice junto al campo (issue 32 §1); el 0, al enviar.
      cantidad: (v, valores) => {
        const l = leerCantidad(v);
        return valores.tipo !== 'amonestacion' || l.ok ? null : l.mensaje;
      },
      // La regla del esquema `motivo` del servidor, sin zod (domain/medidas.ts).
      motivo: (v) => {
        const r = reglaMotivo(v);
        return r.ok ? null : r.mensaje;
      },
      fecha: (v) =>
        // La fecha de una medida guardada puede quedar fuera de la ventana si no se cambia.
        (medida && v === medida.fecha) || fechaMedidaValida(v, hoy, modo)
          ? null
          : `La fecha debe estar entre el ${fechaLegible(minima)} y hoy (${fechaLegible(hoy)}).`,
    },
  });

  // Elegir una medida la carga en el formulario; deseleccionarla vuelve a "nueva".
  useEffect(() => {
    const valores: Valores = medida
      ? {
          tipo: esTipoMedidaEditable(medida.tipo) ? medida.tipo : 'amonestacion',
          fecha: medida.fecha,
          turno: (TURNOS as readonly string[]).includes(medida.turno)
            ? (medida.turno as Turno)
            : TURNO_POR_DEFECTO,
          cantidad: medida.cantidad == null ? CANTIDAD_POR_DEFECTO : textoDeCampo(medida.cantidad),
          motivo: medida.motivo,
        }
      : inicial();
    form.setValues(valores);
    form.resetDirty(valores);
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [medida]);

  const recargar = () => utils.medidas.delAlumno.invalidate({ alumno });

  const enviar = form.onSubmit(async (v) => {
    // La validación ya rechazó una cantidad que no es un número.
    const lectura = leerCantidad(v.cantidad);
    const cantidad = lectura.ok ? (lectura.valor ?? 0) : 0;
    if (v.tipo === 'amonestacion') form.setFieldValue('cantidad', textoDeCampo(cantidad));
    // Una amonestación con cantidad 0 no hace nada (spec 01 §5): se dice por qué, junto al campo.
    if (!debeEnviarse(v.tipo, cantidad)) {
      form.setFieldError('cantidad', MENSAJE_CANTIDAD_CERO);
      return;
    }
    const detalle = detalleConfirmacionMedida({
      operacion: 'pasar',
      tipo: v.tipo,
      cantidad,
      alumno: nombreAlumno,
      curso: cursoDelCiclo(Number(v.fecha.slice(0, 4))),
      fecha: v.fecha,
      turno: v.turno,
    });
    if (!(await confirmar({ titulo: textoConfirmacion(v.tipo), mensaje: detalle }))) return;
    const datos = {
      alumno,
      fecha: v.fecha,
      turno: v.turno,
      motivo: v.motivo,
      ...(v.tipo === 'amonestacion'
        ? { tipo: 'amonestacion' as const, cantidad }
        : { tipo: 'apercibimiento' as const }),
    };
    try {
      if (operacion === 'guardar' && medida) {
        await editar.mutateAsync({ ...datos, medida: medida.orden });
        avisar({ color: 'green', message: 'Medida disciplinaria guardada' });
      } else {
        await nueva.mutateAsync(datos);
        avisar({
          color: 'green',
          message: v.tipo === 'amonestacion' ? 'Amonestación pasada' : 'Apercibimiento pasado',
        });
      }
    } catch (e) {
      avisarFalla(mensajeErrorMedida(v.tipo, operacion), e);
      return;
    }
    await recargar();
    if (medida) onTerminar();
    else {
      form.setValues(inicial());
      form.resetDirty(inicial());
    }
  });

  const alBorrar = async () => {
    if (!medida) return;
    const detalle = esTipoMedidaEditable(medida.tipo)
      ? detalleConfirmacionMedida({
          operacion: 'borrar',
          tipo: medida.tipo,
          cantidad: medida.cantidad ?? 0,
          alumno: nombreAlumno,
          curso: cursoDelCiclo(Number(medida.fecha.slice(0, 4))),
          fecha: medida.fecha,
          turno: medida.turno,
        })
      : `${nombreAlumno}, ${fechaLegible(medida.fecha)}.`;
    const ok = await confirmar({
      titulo: CONFIRMAR_BORRAR_MEDIDA,
      mensaje: detalle,
      confirmar: 'Borrar',
      peligro: true,
    });
    if (!ok) return;
    try {
      await borrar.mutateAsync({ alumno, medida: medida.orden });
    } catch (e) {
      avisarFalla(ERROR_BORRAR_MEDIDA, e);
      return;
    }
    avisar({ color: 'green', message: 'Medida disciplinaria borrada' });
    await recargar();
    onTerminar();
  };

  const ocupado = nueva.isPending || editar.isPending || borrar.isPending;
  const { tipo } = form.values;
  const textoEnviar =
    operacion === 'guardar'
      ? 'Guardar cambios'
      : tipo === 'amonestacion'
        ? 'Pasar amonestación'
        : 'Pasar apercibimiento';

  return (
    <form onSubmit={enviar} noValidate aria-label="Medida disciplinaria">
      <Stack gap="sm">
        <Title order={2} size="h4" data-testid="titulo-formulario">
          {operacion === 'guardar' && medida
            ? `Editar medida del ${fechaLegible(medida.fecha)}`
            : 'Nueva medida'}
        </Title>
        {modo === 'protegido' && (
          <Text size="sm" c="dimmed">
            Las medidas guardadas no se editan ni se borran.
          </Text>
        )}
        <Input.Wrapper label="Tipo" labelElement="div">
          <SegmentedControl
            aria-label="Tipo"
            fullWidth
            data={TIPOS}
            value={form.values.tipo}
            onChange={(t) => esTipoMedidaEditable(t) && form.setFieldValue('tipo', t)}
          />
        </Input.Wrapper>
        <DateInput
          label="Fecha"
          required
          description={`Entre el ${fechaLegible(minima)} y hoy`}
          minDate={minima}
          maxDate={hoy}
          value={form.values.fecha}
          onChange={(f) => form.setFieldValue('fecha', f)}
          error={form.errors.fecha}
        />
        <Input.Wrapper label="Turno" labelElement="div">
          <SegmentedControl
            aria-label="Turno"
            fullWidth
            data={[...TURNOS]}
            value={form.values.turno}
            onChange={(t) => form.setFieldValue('turno', t as Turno)}
          />
        </Input.Wrapper>
        {tipo === 'amonestacion' && (
          // Un campo de texto y no NumberInput: éste descartaba el punto que el teclado de un
          // teléfono inserta de una vez ("1.5" → 15). Lo lee `leerCantidad` (domain/numeros.ts).
          <TextInput
            label="Cantidad"
            description={`Entre ${CANTIDAD_MINIMA} y ${CANTIDAD_MAXIMA}, en pasos de 0,5`}
            inputMode="decimal"
            autoComplete="off"
            maxLength={10}
            value={form.values.cantidad}
            error={form.errors.cantidad}
            onChange={(e) => {
              form.setFieldValue('cantidad', e.currentTarget.value);
              form.clearFieldError('cantidad');
            }}
            onBlur={(e) => {
              const l = leerCantidad(e.currentTarget.value);
              if (l.ok) form.setFieldValue('cantidad', textoDeCampo(l.valor ?? 0));
              else form.setFieldError('cantidad', l.mensaje);
            }}
          />
        )}
        <Textarea
          label="Motivo"
          required
          autosize
          minRows={3}
          maxLength={1000}
          {...form.getInputProps('motivo')}
        />
        <Group justify="flex-end" gap="xs">
          {operacion === 'guardar' && (
            <>
              <Button
                color="red"
                variant="outline"
                mr="auto"
                onClick={alBorrar}
                loading={borrar.isPending}
                disabled={ocupado && !borrar.isPending}
              >
                Borrar
              </Button>
              <Button variant="default" onClick={onTerminar} disabled={ocupado}>
                Nueva medida
              </Button>
            </>
          )}
          <Button type="submit" loading={nueva.isPending || editar.isPending} disabled={ocupado}>
            {textoEnviar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
