'use client';
import { Group, TextInput, type TextInputProps } from '@mantine/core';

/** Lo que un campo recibe del formulario: `form.getInputProps(...)` (y, si hace falta, su id). */
type PropsCampo = Pick<
  TextInputProps,
  'id' | 'value' | 'defaultValue' | 'onChange' | 'onFocus' | 'onBlur' | 'error'
>;

interface Props {
  /** El campo "Código de área". */
  area: PropsCampo;
  /** El campo "Teléfono" (el número sin el código de área). */
  numero: PropsCampo;
  /**
   * Obligatorio (inscripción, perfil): los dos campos lado a lado, con "Sin el 15" debajo del
   * número. Si no (pantallas del personal): dos celdas de la grilla del formulario, con los
   * ejemplos dentro de los campos.
   */
  obligatorio?: boolean;
  /** Un número de ejemplo para la ayuda del campo obligatorio ('Sin el 15, por ejemplo …'). */
  ejemplo?: string;
  /** El teléfono es el de quien completa el formulario: el navegador puede autocompletarlo. */
  propio?: boolean;
}

/**
 * El teléfono como se carga en toda la aplicación (spec 01 §5): "Código de área" y "Teléfono"
 * en dos campos. Se separa y se une con `partirTelefono` / `unirTelefono` de `domain/escuela`;
 * los mensajes de validación los pone el formulario.
 */
export function CamposTelefono({ area, numero, obligatorio = false, ejemplo, propio }: Props) {
  if (!obligatorio)
    return (
      <>
        <TextInput label="Código de área" inputMode="numeric" placeholder="341" {...area} />
        <TextInput label="Teléfono" type="tel" placeholder="Sin el 15" {...numero} />
      </>
    );
  return (
    <Group grow align="flex-start" wrap="nowrap">
      <TextInput
        label="Código de área"
        required
        inputMode="numeric"
        autoComplete={propio ? 'tel-area-code' : undefined}
        maw={140}
        {...area}
      />
      <TextInput
        label="Teléfono"
        required
        inputMode="numeric"
        autoComplete={propio ? 'tel-local' : undefined}
        description={ejemplo ? `Sin el 15, por ejemplo ${ejemplo}` : 'Sin el 15'}
        {...numero}
      />
    </Group>
  );
}
