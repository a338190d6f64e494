'use client';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Center,
  Fieldset,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useAvisoAlSalir } from '@/components/ui/useAvisoAlSalir';
import { avisar } from '@/components/ui/avisos';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { CuotaCooperadora } from '@/components/cuota/CuotaCooperadora';
import {
  MAXIMO_REDES,
  validarConfiguracionCooperadora,
  type ConfiguracionCooperadora,
  type ConfiguracionCooperadoraEntrada,
} from '@/domain/cooperadora';
import { api } from '@/trpc/react';
import { CampoEntero, propsDeFormulario } from '@/components/campos/CampoNumero';

interface Valores {
  monto: number | string;
  cuotas: number | string;
  titular: string;
  banco: string;
  cbu: string;
  alias: string;
  cuit: string;
  proveedor: string;
  suscripcion: string;
  oficina: string;
  whatsapp: string;
  redes: { nombre: string; url: string }[];
}

const VACIO: Valores = {
  monto: '',
  cuotas: 3,
  titular: '',
  banco: '',
  cbu: '',
  alias: '',
  cuit: '',
  proveedor: '',
  suscripcion: '',
  oficina: '',
  whatsapp: '',
  redes: [],
};

function aValores(c: ConfiguracionCooperadora | null | undefined): Valores {
  if (!c) return VACIO;
  return {
    monto: c.monto,
    cuotas: c.cuotas,
    ...c.transferencia,
    proveedor: c.suscripcion?.proveedor ?? '',
    suscripcion: c.suscripcion?.url ?? '',
    oficina: c.oficina,
    whatsapp: c.whatsapp,
    redes: c.redes.map((r) => ({ ...r })),
  };
}

function aEntrada(v: Valores): ConfiguracionCooperadoraEntrada {
  const numero = (x: number | string) => (typeof x === 'number' ? x : x.trim() ? Number(x) : NaN);
  const cuotas = numero(v.cuotas);
  const sinSuscripcion = cuotas === 1 && !v.proveedor.trim() && !v.suscripcion.trim();
  return {
    monto: numero(v.monto),
    cuotas,
    transferencia: {
      titular: v.titular,
      banco: v.banco,
      cbu: v.cbu,
      alias: v.alias,
      cuit: v.cuit,
    },
    suscripcion: sinSuscripcion ? null : { proveedor: v.proveedor, url: v.suscripcion },
    oficina: v.oficina,
    whatsapp: v.whatsapp,
    redes: v.redes,
  };
}

/** El campo del formulario de cada ruta del esquema (transferencia.cbu → cbu). */
function campoDe(ruta: readonly PropertyKey[]): string {
  const [a, b, c] = ruta.map(String);
  if (a === 'transferencia' && b) return b;
  if (a === 'suscripcion') return b === 'proveedor' ? 'proveedor' : 'suscripcion';
  if (a === 'redes' && b !== undefined) return c ? `redes.${b}.${c}` : 'redes';
  return a ?? 'monto';
}

/**
 * Las mismas reglas que el servidor (`configuracionCooperadora`), campo por campo, sin zod
 * (`validarConfiguracionCooperadora` de domain/cooperadora.ts).
 */
function validar(v: Valores): Record<string, string> {
  const r = validarConfiguracionCooperadora(aEntrada(v));
  const errores: Record<string, string> = {};
  if (!r.ok) for (const e of r.errores) errores[campoDe(e.ruta)] ??= e.mensaje;
  return errores;
}

/**
 * La cuota de la Asociación Cooperadora de un ciclo (spec 02 §9), para Admin: monto y cuotas,
 * la cuenta para la transferencia, la suscripción para las cuotas sin interés, la oficina,
 * WhatsApp y las redes; con la vista previa de lo que ven las familias en la inscripción.
 */
export function PantallaCooperadora() {
  const [ciclo, setCiclo] = useState<number | null>(null);
  const utils = api.useUtils();
  const consulta = api.inscripcion.cooperadora.useQuery(ciclo === null ? {} : { ciclo });
  const guardar = api.inscripcion.guardarCooperadora.useMutation();
  const form = useForm<Valores>({ initialValues: VACIO, validate: validar });

  const datos = consulta.data;
  useEffect(() => {
    if (!datos) return;
    const v = aValores(datos.cuota ?? datos.base?.cuota);
    form.setValues(v);
    form.resetDirty(datos.cuota ? v : VACIO);
    form.clearErrors();
    // Sólo cuando llegan los datos de otro ciclo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [datos]);
  // Cambios sin guardar: salir de la página (cerrar, recargar, otra dirección) pregunta antes.
  useAvisoAlSalir(form.isDirty());

  if (consulta.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando la cuota" />
      </Center>
    );
  if (consulta.error || !datos)
    return (
      <Alert color="red" icon={<IconAlertCircle />} role="alert">
        {consulta.error?.message ?? 'No se pudo cargar la cuota.'}
      </Alert>
    );

  const anios = [...new Set([datos.actual, datos.actual + 1, datos.ciclo])].sort((a, b) => a - b);
  const vista = validarConfiguracionCooperadora(aEntrada(form.values));

  const enviar = form.onSubmit(async (v) => {
    try {
      const r = await guardar.mutateAsync({ ciclo: datos.ciclo, cuota: aEntrada(v) });
      avisar({
        color: 'green',
        message: `Cuota de la cooperadora ${r.ciclo} guardada.`,
      });
      await utils.inscripcion.cooperadora.invalidate();
    } catch (e) {
      avisar({
        color: 'red',
        autoClose: false,
        message: (e as Error).message || 'No se pudo guardar la cuota.',
      });
    }
  });

  return (
    <Stack gap="md" maw={720} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          Cuota de la cooperadora
        </Title>
        <Anchor component={Link} href="/inscripciones" size="sm">
          Volver a Inscripciones
        </Anchor>
      </Group>
      <Text size="sm">
        Lo que las familias ven en la inscripción de cada hijo: el monto del año, los datos de la
        cuenta para pagar por transferencia, el enlace para pagar en cuotas sin interés, la oficina
        de la cooperadora, WhatsApp y las redes.
      </Text>
      <NativeSelect
        label="Ciclo lectivo de la cuota"
        value={String(datos.ciclo)}
        onChange={(e) => setCiclo(Number(e.currentTarget.value))}
        data={anios.map(String)}
        maw={220}
      />
      {!datos.cuota && (
        <Alert color="yellow" icon={<IconAlertCircle />}>
          {datos.base
            ? `La cuota ${datos.ciclo} todavía no está guardada: el formulario trae la de ${datos.base.ciclo}. Revísela y guárdela.`
            : `La cuota ${datos.ciclo} todavía no está guardada: las familias ven "Consulte el monto de la cuota…".`}
        </Alert>
      )}

      <form onSubmit={enviar} noValidate aria-label={`Cuota de la cooperadora ${datos.ciclo}`}>
        <Stack gap="md">
          <Group grow align="flex-start">
            <CampoEntero
              label="Monto anual ($)"
              required
              miles
              {...propsDeFormulario(form.getInputProps('monto'), (n) =>
                form.setFieldValue('monto', n ?? ''),
              )}
            />
            <CampoEntero
              label="Cuotas sin interés"
              required
              {...propsDeFormulario(form.getInputProps('cuotas'), (n) =>
                form.setFieldValue('cuotas', n ?? ''),
              )}
            />
          </Group>

          <Fieldset legend="Pago único por transferencia">
            <Stack gap="sm">
              <TextInput label="Titular de la cuenta" required {...form.getInputProps('titular')} />
              <TextInput label="Banco" required {...form.getInputProps('banco')} />
              <TextInput
                label="CBU"
                required
                inputMode="numeric"
                description="22 dígitos"
                {...form.getInputProps('cbu')}
              />
              <TextInput label="Alias" required {...form.getInputProps('alias')} />
              <TextInput
                label="CUIT"
                required
                placeholder="30-12345678-9"
                {...form.getInputProps('cuit')}
              />
            </Stack>
          </Fieldset>

          <Fieldset legend="Cuotas sin interés por suscripción">
            <Stack gap="sm">
              <TextInput
                label="Proveedor de pagos"
                placeholder="Mercado Pago"
                {...form.getInputProps('proveedor')}
              />
              <TextInput
                label="Enlace de la suscripción"
                type="url"
                placeholder="https://"
                {...form.getInputProps('suscripcion')}
              />
            </Stack>
          </Fieldset>

          <Textarea
            label="Oficina de la cooperadora (primer piso)"
            description="Dónde y cuándo atiende."
            required
            autosize
            minRows={2}
            maxLength={200}
            {...form.getInputProps('oficina')}
          />
          <TextInput
            label="Enlace de WhatsApp"
            type="url"
            required
            placeholder="https://wa.me/549341…"
            {...form.getInputProps('whatsapp')}
          />

          <Fieldset legend="Redes sociales">
            <Stack gap="sm">
              {form.values.redes.map((_r, i) => (
                <Group key={i} align="flex-end" gap="xs" wrap="wrap">
                  <TextInput
                    label={`Red ${i + 1}`}
                    placeholder="Instagram"
                    w={140}
                    {...form.getInputProps(`redes.${i}.nombre`)}
                  />
                  <TextInput
                    label={`Enlace de la red ${i + 1}`}
                    placeholder="https://"
                    type="url"
                    style={{ flex: '1 1 220px', minWidth: 0 }}
                    {...form.getInputProps(`redes.${i}.url`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    size="lg"
                    mb={2}
                    aria-label={`Quitar la red ${i + 1}`}
                    onClick={() => form.removeListItem('redes', i)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              ))}
              {form.values.redes.length < MAXIMO_REDES && (
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => form.insertListItem('redes', { nombre: '', url: '' })}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Agregar red social
                </Button>
              )}
            </Stack>
          </Fieldset>

          <Button type="submit" loading={guardar.isPending} style={{ alignSelf: 'flex-end' }}>
            Guardar la cuota {datos.ciclo}
          </Button>
        </Stack>
      </form>

      <Stack gap="xs">
        <Title order={2} size="h4">
          Así la ven las familias
        </Title>
        {vista.ok ? (
          <CuotaCooperadora cuota={vista.datos} ciclo={datos.ciclo} idBase="vista" />
        ) : (
          <Text size="sm" c="dimmed">
            La vista previa aparece cuando los datos están completos y son válidos.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
