'use client';
import { Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconPrinter } from '@tabler/icons-react';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { CUATRIMESTRES, NOMBRE_CUATRIMESTRE, type ColorNota } from '@/domain/notas';
import {
  aniosOrdenados,
  anioElegido,
  columnasLibreta,
  filaLibreta,
  tituloImpresion,
  type AnioLibreta,
  type DatosLibreta,
} from './libreta';
import clases from './libreta.module.css';

/**
 * Al imprimir, sólo la libreta: sin barra superior ni menú, y en la página sólo la rama que
 * contiene a la libreta (`:has`), así el buscador de alumnos o el resto del legajo no salen.
 */
const IMPRESION = `@media print {
  @page { margin: 12mm; }
  main :not(:has([data-libreta])):not([data-libreta]):not([data-libreta] *) { display: none !important; }
  main :has([data-libreta]) { border: none !important; box-shadow: none !important; padding: 0 !important; margin: 0 !important; max-width: none !important; }
}`;

/**
 * Imprimir con el título 'Planilla de calificaciones - …' (el nombre del PDF): lo pone antes
 * de imprimir y devuelve el anterior al terminar. Sirve el botón, Ctrl+P (o ⌘P) y también
 * "Imprimir" del menú del navegador (beforeprint / afterprint).
 */
function useImpresion(titulo: string | null) {
  const anterior = useRef<string | null>(null);
  const poner = useCallback(() => {
    if (!titulo || anterior.current != null) return;
    anterior.current = document.title;
    document.title = titulo;
  }, [titulo]);
  const quitar = useCallback(() => {
    if (anterior.current == null) return;
    document.title = anterior.current;
    anterior.current = null;
  }, []);
  const imprimir = useCallback(() => {
    poner();
    try {
      window.print();
    } finally {
      quitar();
    }
  }, [poner, quitar]);
  useWindowEvent('beforeprint', poner);
  useWindowEvent('afterprint', quitar);
  useWindowEvent('keydown', (e) => {
    if (!titulo || !(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 'p') return;
    e.preventDefault();
    imprimir();
  });
  return imprimir;
}

const claseColor = (color: ColorNota | null) =>
  color ? clases[`color-${color}` as keyof typeof clases] : undefined;

/**
 * La libreta de un alumno (spec 01 §2 Grade booklet): el selector de año (el último por
 * defecto) y, para el año elegido, una tabla con Materia, C1, C2, Nota Final y una columna por
 * instancia de mesa, con los colores del legajo (spec 01 §9). 'Imprimir' (y Ctrl+P) imprime
 * sólo la libreta. La comparten /libretas, /libretas-externo y el legajo.
 *
 * `personal`: avisa qué cuatrimestres con notas todavía no se publicaron (alumnos y
 * referentes no los ven). `nota`: un texto breve debajo del selector.
 */
export function VistaLibreta({
  datos,
  personal = false,
  nota,
}: {
  datos: DatosLibreta;
  personal?: boolean;
  nota?: ReactNode;
}) {
  const [pedido, setPedido] = useState<number | null>(null);
  const anios = aniosOrdenados(datos.anios);
  const anio = anioElegido(datos.anios, pedido);
  const titulo = anio ? tituloImpresion(datos.alumno, anio.ciclo) : null;
  const imprimir = useImpresion(titulo);

  return (
    <Stack gap="sm" data-libreta data-testid="libreta">
      <style>{IMPRESION}</style>
      <Group justify="space-between" align="flex-end" gap="sm" className={clases.noImprimir}>
        {anios.length > 0 ? (
          <Group gap="xs" wrap="wrap" role="group" aria-label="Año">
            {anios.map((a) => {
              const elegido = a.ciclo === anio?.ciclo;
              return (
                <Button
                  key={a.ciclo}
                  size="xs"
                  variant={elegido ? 'filled' : 'default'}
                  aria-pressed={elegido}
                  onClick={() => setPedido(a.ciclo)}
                >
                  {a.curso ? `${a.ciclo} · ${a.curso}` : String(a.ciclo)}
                </Button>
              );
            })}
          </Group>
        ) : (
          <span />
        )}
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPrinter size={16} />}
          onClick={imprimir}
          disabled={!titulo}
        >
          Imprimir
        </Button>
      </Group>
      {nota && (
        <Text size="sm" c="dimmed" className={clases.noImprimir} data-testid="nota-libreta">
          {nota}
        </Text>
      )}
      {titulo && (
        <div className={clases.soloImpresion}>
          <Title order={2} size="h4">
            {titulo}
          </Title>
          {anio?.curso && <Text size="sm">Curso: {anio.curso}</Text>}
        </div>
      )}
      {!anio || anio.materias.length === 0 ? (
        <Text c="dimmed" data-testid="sin-resultados">
          Sin resultados
        </Text>
      ) : (
        <>
          {personal && <AvisoSinPublicar anio={anio} />}
          <TablaLibreta anio={anio} />
          <Leyenda />
        </>
      )}
    </Stack>
  );
}

function TablaLibreta({ anio }: { anio: AnioLibreta }) {
  const columnas = columnasLibreta(anio.instancias);
  const etiqueta = `Notas ${anio.ciclo}`;
  return (
    <div
      className={clases.contenedor}
      role="region"
      aria-label={etiqueta}
      // Desplazable con el teclado (axe: scrollable-region-focusable).
      tabIndex={0}
    >
      <table className={clases.tabla} data-testid="tabla-libreta" data-ciclo={anio.ciclo}>
        <caption>
          <VisuallyHidden>{anio.curso ? `${etiqueta} · ${anio.curso}` : etiqueta}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col" className={clases.materia}>
              Materia
            </th>
            {columnas.map((c) => (
              <th
                key={c.clave}
                scope="col"
                data-columna={c.clave}
                title={c.descripcion}
                aria-label={c.titulo === c.descripcion ? undefined : c.descripcion}
              >
                {c.titulo}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {anio.materias.map((m) => {
            const fila = filaLibreta(m, anio.instancias);
            return (
              <tr key={fila.cursado} data-cursado={fila.cursado}>
                <th scope="row" className={clases.materia}>
                  {fila.materia}
                  {fila.modalidad && <span className={clases.modalidad}>{fila.modalidad}</span>}
                </th>
                {fila.celdas.map((celda, i) => (
                  <td
                    key={columnas[i]!.clave}
                    data-columna={columnas[i]!.clave}
                    data-color={celda.color ?? undefined}
                    className={[clases.nota, claseColor(celda.color)].filter(Boolean).join(' ')}
                  >
                    {celda.texto}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Para el personal: qué cuatrimestres con notas cargadas todavía no ven alumnos y referentes. */
function AvisoSinPublicar({ anio }: { anio: AnioLibreta }) {
  const sinPublicar = CUATRIMESTRES.filter(
    (c) => !anio.publicado[c] && anio.materias.some((m) => m.notas[c] != null),
  );
  if (!sinPublicar.length) return null;
  const nombres = sinPublicar.map((c) => NOMBRE_CUATRIMESTRE[c]).join(' y del ');
  return (
    <Text size="sm" c="dimmed" className={clases.noImprimir} data-testid="aviso-sin-publicar">
      Las notas del {nombres} todavía no se publicaron: alumnos y referentes aún no las ven.
    </Text>
  );
}

const LEYENDA: { color: ColorNota | null; muestra: string; texto: string }[] = [
  { color: 'red', muestra: '3', texto: 'Menos de 4' },
  { color: 'yellow', muestra: '5', texto: '4 y 5' },
  { color: 'gray', muestra: 'A', texto: 'Ausente' },
  { color: null, muestra: 'AC', texto: 'Adeuda correlativa' },
  { color: null, muestra: '-', texto: 'No corresponde' },
];

function Leyenda() {
  return (
    <Group
      gap="md"
      wrap="wrap"
      component="ul"
      aria-label="Referencias"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {LEYENDA.map((l) => (
        <Group key={l.texto} gap={6} wrap="nowrap" component="li">
          <span
            aria-hidden
            className={[clases.muestra, claseColor(l.color)].filter(Boolean).join(' ')}
            style={
              // Las muestras usan los mismos colores que las celdas (fuera de la tabla).
              l.color ? undefined : { background: 'var(--mantine-color-body)' }
            }
          >
            {l.muestra}
          </span>
          <Text size="xs">{l.texto}</Text>
        </Group>
      ))}
    </Group>
  );
}
