import {
  SelectBuscable,
  type OpcionBuscable,
} from '@/components/campos/select-buscable/SelectBuscable';

/**
 * El campo "Cursado" de /notas y /avances: un cursado de la lista (buscable, se puede dejar sin
 * elegir). Cada pantalla arma las opciones (el texto de cada una) y guarda la elección.
 */
export function SelectorCursado({
  opciones,
  valor,
  onCambiar,
  cargando,
  ancho,
}: {
  opciones: readonly OpcionBuscable[];
  valor: string | null;
  onCambiar: (valor: string | null) => void;
  cargando: boolean;
  ancho: number;
}) {
  return (
    <SelectBuscable
      etiqueta="Cursado"
      placeholder="Elija un cursado"
      cargando={cargando}
      opciones={opciones}
      valor={valor}
      onCambiar={onCambiar}
      limpiable
      ancho={ancho}
    />
  );
}
