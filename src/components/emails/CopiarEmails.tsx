'use client';
import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { avisar } from '@/components/ui/avisos';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DURACION_COPIADO_MS, SEPARADORES, listaDeEmails, type Separador } from './emails';

/**
 * Copia emails al portapapeles (los referentes de un curso, los pendientes del tablero), una vez
 * cada uno y separados por tabulación o por salto de línea (spec 02 §2); la confirmación
 * 'Copiado' dura 1 segundo (spec 01 §9).
 */
export function CopiarEmails({
  emails,
  etiqueta = 'Copiar emails',
}: {
  emails: readonly (string | null | undefined)[];
  /** El texto del botón (con el de qué lista, si hay varias en la pantalla). */
  etiqueta?: string;
}) {
  const [separador, setSeparador] = useState<Separador>('linea');
  const portapapeles = useClipboard({ timeout: DURACION_COPIADO_MS });
  const texto = listaDeEmails(emails, separador);
  const cantidad = texto ? texto.split(SEPARADORES[separador].texto).length : 0;

  useEffect(() => {
    if (portapapeles.error)
      avisar({
        color: 'red',
        title: 'No se pudo copiar',
        message: 'El navegador no permitió usar el portapapeles.',
      });
  }, [portapapeles.error]);

  return (
    <Group gap="xs" wrap="wrap" align="center">
      <SegmentedControl
        aria-label="Separador"
        size="xs"
        value={separador}
        onChange={(v) => setSeparador(v as Separador)}
        data={(Object.keys(SEPARADORES) as Separador[]).map((s) => ({
          value: s,
          label: SEPARADORES[s].etiqueta,
        }))}
      />
      <Button
        size="xs"
        color={portapapeles.copied ? 'teal' : undefined}
        leftSection={
          portapapeles.copied ? (
            <IconCheck size={16} aria-hidden />
          ) : (
            <IconCopy size={16} aria-hidden />
          )
        }
        disabled={cantidad === 0}
        onClick={() => portapapeles.copy(texto)}
      >
        {portapapeles.copied ? 'Copiado' : etiqueta}
      </Button>
      <Text size="xs" c="dimmed" data-testid="cantidad-emails">
        {cantidad} {cantidad === 1 ? 'email' : 'emails'}
      </Text>
    </Group>
  );
}
