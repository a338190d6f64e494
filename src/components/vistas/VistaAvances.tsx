import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { inferRouterOutputs } from '@trpc/server';
import { SIGNIFICADOS, SIN_OBSERVACIONES } from '@/domain/avances';
import { fechaLegible } from '@/domain/texto';
import type { AppRouter } from '@/server/api/root';
import { SelectorAnio } from './SelectorAnio';
import clases from './avances.module.css';

/** Lo que devuelven `avances.mias` y `avances.delAlumno`. */
export type DatosAvances = inferRouterOutputs<AppRouter>['avances']['delAlumno'];

const SIN_AVANCES_EN_FECHA = 'Todavía no hay avances cerrados para esta fecha.';

/** Un tipo de dificultad (o 'Sin Observaciones'): el texto siempre; el color sólo acompaña. */
function Tipo({ nombre }: { nombre: string }) {
  const sin = nombre === SIN_OBSERVACIONES;
  return (
    <Badge
      component="li"
      radius="sm"
      size="lg"
      className={`${clases.tipo} ${sin ? clases['tipo-sin'] : clases['tipo-dificultad']}`}
      data-testid="tipo-avance"
    >
      {nombre}
    </Badge>
  );
}

/** La leyenda 'Significados de los avances' (spec 01 §2): cada tipo con lo que quiere decir. */
function Significados({ nivel }: { nivel: 2 | 3 }) {
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="significados-avances">
      <Title order={nivel} size="h5" mb="xs" id="significados-avances">
        Significados de los avances
      </Title>
      <Stack component="dl" gap="xs" className={clases.leyenda} data-testid="significados">
        {SIGNIFICADOS.map((s) => (
          <div key={s.nombre}>
            <dt>
              <Badge
                component="span"
                radius="sm"
                size="lg"
                className={`${clases.tipo} ${s.nombre === SIN_OBSERVACIONES ? clases['tipo-sin'] : clases['tipo-dificultad']}`}
              >
                {s.nombre}
              </Badge>
            </dt>
            <Text component="dd" size="sm">
              {s.significado}
            </Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * Los avances de un alumno en un año (spec 01 §2 /avances-legajo y /avances-externo): el selector
 * de año, la leyenda 'Significados de los avances' y, por cada fecha de cierre del año, una
 * tarjeta por materia con sus tipos de dificultad ('Sin Observaciones' si no tiene) y las
 * observaciones plegadas. Sólo llegan las planillas cerradas; una fecha sin ninguna lo dice. Sin
 * fechas de cierre en el año: 'Sin resultados'. Sin estado: se arma en el servidor.
 */
export function VistaAvances({
  datos,
  anios,
  parametros,
  nivel = 2,
}: {
  datos: DatosAvances;
  /** Los años del selector. */
  anios: readonly number[];
  /** Parámetros de la URL que el selector de año conserva (p. ej. la sección del legajo). */
  parametros?: Record<string, string>;
  /** El nivel de los títulos de la leyenda y las fechas (3 dentro del legajo, bajo su sección). */
  nivel?: 2 | 3;
}) {
  const nivelMateria = nivel === 2 ? 3 : 4;
  return (
    <Stack gap="md">
      <SelectorAnio
        anios={anios.map((anio) => ({ anio, curso: null }))}
        actual={datos.anio}
        parametros={parametros}
      />
      <Significados nivel={nivel} />
      {datos.fechas.length === 0 ? (
        <Text c="dimmed" data-testid="sin-resultados">
          Sin resultados
        </Text>
      ) : (
        datos.fechas.map((f) => {
          const titulo = `avances-${f.fecha}`;
          return (
            <Stack
              key={f.fecha}
              component="section"
              gap="xs"
              aria-labelledby={titulo}
              data-testid="fecha-avances"
              data-fecha={f.fecha}
            >
              <Title order={nivel} size="h4" id={titulo}>
                Cierre del {fechaLegible(f.fecha)}
              </Title>
              {f.materias.length === 0 ? (
                <Text size="sm" c="dimmed" data-testid="sin-avances-fecha">
                  {SIN_AVANCES_EN_FECHA}
                </Text>
              ) : (
                <Stack
                  component="ul"
                  gap="xs"
                  aria-label={`Materias al ${fechaLegible(f.fecha)}`}
                  className={clases.lista}
                >
                  {f.materias.map((m) => (
                    <Paper
                      component="li"
                      key={m.cursadoId}
                      withBorder
                      p="sm"
                      data-testid="avance-materia"
                      data-cursado={m.cursadoId}
                      data-sin-observaciones={m.sinObservaciones ? 'true' : 'false'}
                    >
                      <Title order={nivelMateria} size="h5" className={clases.materia}>
                        {m.materia}
                      </Title>
                      <Group
                        component="ul"
                        gap={6}
                        mt={6}
                        wrap="wrap"
                        aria-label={`Tipos de dificultad en ${m.materia}`}
                        className={clases.tipos}
                      >
                        {m.tipos.map((t) => (
                          <Tipo key={t} nombre={t} />
                        ))}
                      </Group>
                      {m.observaciones && (
                        <details className={clases.observaciones} data-testid="observaciones">
                          <summary>Observaciones</summary>
                          <Text size="sm" className={clases.texto}>
                            {m.observaciones}
                          </Text>
                        </details>
                      )}
                    </Paper>
                  ))}
                </Stack>
              )}
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
