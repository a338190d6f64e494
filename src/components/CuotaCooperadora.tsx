'use client';
import {
  ActionIcon,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconMapPin,
} from '@tabler/icons-react';
import {
  OFICINA_COOPERADORA,
  POR_REDES,
  POR_WHATSAPP,
  SIN_CUOTA_CONFIGURADA,
  textoEnCuotas,
  textoMontoAnual,
  textoPagoUnico,
  tituloCuota,
  type ConfiguracionCooperadora,
} from '@/domain/cooperadora';

export type Cuota = ConfiguracionCooperadora;

/** "$ 120.000" no se corta entre el signo y el número (espacio duro). */
const pesos = (t: string) => t.replace(/\$ /g, '$\u00a0');

/** Un enlace que se abre en una pestaña nueva (y lo dice a los lectores de pantalla). */
function EnlaceExterno({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      {children}
      <VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
    </Anchor>
  );
}

/** Un dato de la cuenta; el CBU y el alias, con su botón de copiar. */
function Dato({ etiqueta, valor, copiar }: { etiqueta: string; valor: string; copiar?: boolean }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {etiqueta}
      </Text>
      <Group component="dd" gap={4} wrap="nowrap" m={0}>
        <Text size="sm" ff={copiar ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {valor}
        </Text>
        {copiar && (
          <CopyButton value={valor} timeout={2500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copiado' : `Copiar ${etiqueta}`} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal.9' : 'gray.7'}
                  size="lg"
                  onClick={copy}
                  aria-label={copied ? `${etiqueta} copiado` : `Copiar ${etiqueta}`}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        )}
      </Group>
    </div>
  );
}

/**
 * La cuota de la Asociación Cooperadora en el formulario de inscripción (spec 02 §2 y §9): el
 * monto del ciclo y cómo pagarla (transferencia con los datos de la cuenta, cuotas sin interés
 * por suscripción, la oficina del primer piso, WhatsApp y redes). Todo sale de la configuración
 * anual que carga Admin.
 */
export function CuotaCooperadora({
  cuota,
  ciclo,
  idBase,
}: {
  cuota: Cuota | null;
  ciclo: number;
  idBase: string;
}) {
  const titulo = `${idBase}-cuota`;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={titulo}>
      <Stack gap="sm">
        <Title order={4} id={titulo}>
          {tituloCuota(ciclo)}
        </Title>
        {!cuota ? (
          <Text size="sm">{SIN_CUOTA_CONFIGURADA}</Text>
        ) : (
          <>
            <Text size="sm">{pesos(textoMontoAnual(cuota, ciclo))}</Text>
            <Stack gap={6}>
              <Title order={5}>{pesos(textoPagoUnico(cuota))}</Title>
              <Stack component="dl" gap={6} m={0}>
                <Dato etiqueta="Titular" valor={cuota.transferencia.titular} />
                <Dato etiqueta="Banco" valor={cuota.transferencia.banco} />
                <Dato etiqueta="CBU" valor={cuota.transferencia.cbu} copiar />
                <Dato etiqueta="Alias" valor={cuota.transferencia.alias} copiar />
                <Dato etiqueta="CUIT" valor={cuota.transferencia.cuit} />
              </Stack>
            </Stack>
            {cuota.cuotas > 1 && cuota.suscripcion && (
              <Stack gap={6}>
                <Title order={5}>{pesos(textoEnCuotas(cuota))}</Title>
                <Button
                  component="a"
                  href={cuota.suscripcion.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="light"
                  rightSection={<IconExternalLink size={16} aria-hidden />}
                  styles={{
                    root: { height: 'auto', minHeight: 36 },
                    label: { whiteSpace: 'normal' },
                  }}
                  py={6}
                >
                  Suscribirse en {cuota.suscripcion.proveedor}
                  <VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
                </Button>
              </Stack>
            )}
            <Stack gap={4}>
              <Title order={5}>{OFICINA_COOPERADORA}</Title>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconMapPin size={18} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm">{cuota.oficina}</Text>
              </Group>
            </Stack>
            <Stack gap={4}>
              <Title order={5}>{POR_WHATSAPP}</Title>
              <Group gap={6} wrap="nowrap">
                <IconBrandWhatsapp size={18} aria-hidden style={{ flexShrink: 0 }} />
                <EnlaceExterno href={cuota.whatsapp}>Escribir a la cooperadora</EnlaceExterno>
              </Group>
            </Stack>
            {cuota.redes.length > 0 && (
              <Stack gap={4}>
                <Title order={5}>{POR_REDES}</Title>
                <Group gap="md">
                  {cuota.redes.map((r) => (
                    <EnlaceExterno key={r.url} href={r.url}>
                      {r.nombre}
                    </EnlaceExterno>
                  ))}
                </Group>
              </Stack>
            )}
          </>
        )}
        <Text size="sm">Adjunte el comprobante del pago (foto JPG o PDF, hasta 10 MB).</Text>
      </Stack>
    </Paper>
  );
}
