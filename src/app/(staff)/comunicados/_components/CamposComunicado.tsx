import { Textarea, TextInput } from '@mantine/core';
import { MAXIMO_TEXTO, MAXIMO_TITULO } from '@/domain/comunicados';

/** El título y el texto de un comunicado: al escribirlo (FormularioComunicado) y al corregirlo (Seguimiento). */
export function CamposComunicado({
  titulo,
  texto,
  alCambiarTitulo,
  alCambiarTexto,
}: {
  titulo: string;
  texto: string;
  alCambiarTitulo: (v: string) => void;
  alCambiarTexto: (v: string) => void;
}) {
  return (
    <>
      <TextInput
        label="Título"
        withAsterisk
        maxLength={MAXIMO_TITULO}
        value={titulo}
        onChange={(e) => alCambiarTitulo(e.currentTarget.value)}
      />
      <Textarea
        label="Texto"
        withAsterisk
        autosize
        minRows={5}
        maxLength={MAXIMO_TEXTO}
        value={texto}
        onChange={(e) => alCambiarTexto(e.currentTarget.value)}
      />
    </>
  );
}
