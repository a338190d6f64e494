'use client';
import { Badge, Checkbox, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  AUSENTE,
  colorNota,
  esNotaValida,
  parsearNota,
  type CeldaNota,
  type Cuatrimestre,
  type ValorNota,
} from '@/domain/notas';

/** Una nota de sólo lectura con el color de las vistas de legajo (spec 02 §9). */
export function NotaLeida({ valor, texto }: { valor: ValorNota | number | null; texto: string }) {
  const color = colorNota(valor, 'legajo');
  if (!texto) return null;
  const fondo = { red: 'red.9', yellow: 'yellow.3', gray: 'gray.7', blue: 'blue.9' } as const;
  if (!color) return <Text span>{texto}</Text>;
  return (
    <Badge
      variant="filled"
      color={fondo[color]}
      c={color === 'yellow' ? 'dark.9' : 'white'}
      radius="sm"
      size="lg"
      title={color === 'red' ? 'Desaprobada' : color === 'yellow' ? 'En riesgo' : 'Ausente'}
    >
      {texto}
    </Badge>
  );
}

interface CeldaEditableProps {
  fila: number;
  cuatrimestre: Cuatrimestre;
  nombre: string;
  nombreCuatrimestre: string;
  celda: CeldaNota;
  onCambiar: (valor: ValorNota | null) => void;
}

/** Entrada de una nota: entero de 1 a 10 (lo no numérico la borra) y la casilla de ausente. */
export function CeldaEditable({
  fila,
  cuatrimestre,
  nombre,
  nombreCuatrimestre,
  celda,
  onCambiar,
}: CeldaEditableProps) {
  const [texto, setTexto] = useState<string | null>(null);
  const [invalida, setInvalida] = useState(false);
  const ausente = celda.valor === AUSENTE;
  const mostrado = texto ?? (typeof celda.valor === 'number' ? String(celda.valor) : '');
  const mover = (paso: number) => {
    const destino = document.querySelector<HTMLInputElement>(
      `[data-celda="${fila + paso}:${cuatrimestre}"]`,
    );
    destino?.focus();
    destino?.select();
  };
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      <TextInput
        aria-label={`Nota del ${nombreCuatrimestre}: ${nombre}`}
        data-celda={`${fila}:${cuatrimestre}`}
        value={ausente ? '' : mostrado}
        disabled={ausente}
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        w={52}
        size="sm"
        error={invalida}
        aria-invalid={invalida}
        title={invalida ? 'La nota debe ser un número entero de 1 a 10' : undefined}
        styles={{ input: { textAlign: 'center', paddingInline: 4 } }}
        onChange={(e) => {
          const t = e.currentTarget.value;
          setTexto(t);
          const n = parsearNota(t);
          if (n == null) {
            setInvalida(false);
            onCambiar(null);
          } else if (esNotaValida(n)) {
            setInvalida(false);
            onCambiar(n);
          } else {
            setInvalida(true);
          }
        }}
        onBlur={() => {
          setTexto(null);
          setInvalida(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'ArrowDown') {
            e.preventDefault();
            mover(1);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            mover(-1);
          }
        }}
      />
      <Checkbox
        aria-label={`Ausente en el ${nombreCuatrimestre}: ${nombre}`}
        title="Ausente"
        checked={ausente}
        onChange={(e) => onCambiar(e.currentTarget.checked ? AUSENTE : null)}
      />
    </Group>
  );
}
