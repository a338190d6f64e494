import { IconAlarm, IconClock } from '@tabler/icons-react';
import type { inferRouterOutputs } from '@trpc/server';
import { fechaCompleta, fechaConDia } from '@/components/evaluaciones/fechas';
import type { ColorCuenta } from '@/domain/evaluaciones';
import type { AppRouter } from '@/server/api/root';
import clases from './calendario.module.css';

type DatosMias = inferRouterOutputs<AppRouter>['evaluaciones']['mias'];

/**
 * Una tarjeta del calendario: una evaluación, una PIC ('PIC de {materia}') o una mesa ('Mesa de
 * {materia}'); las de PIC y mesa muestran también el aula (spec 01 §2).
 */
interface Tarjeta {
  clave: string;
  tipo: 'evaluacion' | 'pic' | 'mesa';
  materia: string;
  fecha: string;
  inicio: string | null;
  aula: string | null;
  texto: string;
  color: ColorCuenta;
}

const TITULO: Record<Tarjeta['tipo'], (materia: string) => string> = {
  evaluacion: (m) => m,
  pic: (m) => `PIC de ${m}`,
  mesa: (m) => `Mesa de ${m}`,
};

/** Las evaluaciones, las PIC y las mesas, por fecha. */
const tarjetasDeEvaluaciones = (datos: DatosMias): Tarjeta[] =>
  [
    ...datos.evaluaciones.map((e): Tarjeta => ({
      clave: `evaluacion-${e.evaluacionId}`,
      tipo: 'evaluacion',
      materia: e.materia ?? e.cursado,
      fecha: e.fecha,
      inicio: e.inicio,
      aula: e.aula,
      texto: e.texto,
      color: e.color,
    })),
    ...datos.examenes.map((e): Tarjeta => ({
      clave: e.clave,
      tipo: e.tipo,
      materia: e.materia,
      fecha: e.fecha,
      inicio: e.inicio,
      aula: e.aula,
      texto: e.texto,
      color: e.color,
    })),
    // Por fecha; el mismo día, las evaluaciones (en el orden del servidor) y después las PIC y mesas.
  ].sort((a, b) => a.fecha.localeCompare(b.fecha));

/**
 * El calendario de las próximas evaluaciones (spec 01 §2, §9): 'Hoy es {fecha}' con la fecha del
 * servidor y una tarjeta por evaluación con la materia, la fecha, la hora de comienzo y la cuenta
 * regresiva: hoy verde 'Éxitos ;)', mañana roja 'Falta 1 día', de 2 a 7 días amarilla, más sin
 * color. El color acompaña al texto (nunca lo reemplaza) y se imprime con contraste AA. HTML y
 * CSS de servidor: no suma JavaScript a la primera carga del teléfono.
 */
export function CalendarioEvaluaciones({
  datos,
  nivel = 2,
}: {
  datos: DatosMias;
  /** El nivel de los títulos de las tarjetas (3 dentro del legajo, bajo su sección). */
  nivel?: 2 | 3;
}) {
  const tarjetas = tarjetasDeEvaluaciones(datos);
  const H = `h${nivel}` as const;
  return (
    <div className={clases.pila}>
      <p className={clases.hoyEs} data-testid="hoy-es">
        Hoy es {fechaCompleta(datos.hoy)}
      </p>
      {tarjetas.length === 0 ? (
        <p className={clases.atenuado} data-testid="sin-resultados">
          Sin resultados
        </p>
      ) : (
        <ul aria-label="Próximas evaluaciones" className={clases.lista}>
          {tarjetas.map((t) => (
            <li
              key={t.clave}
              data-testid="tarjeta-evaluacion"
              data-tipo={t.tipo}
              data-color={t.color ?? 'ninguno'}
              className={`${clases.tarjeta} ${t.color ? clases[`borde-${t.color}`] : ''}`}
            >
              <div className={clases.arriba}>
                <div className={clases.titulos}>
                  <H className={clases.materia}>{TITULO[t.tipo](t.materia)}</H>
                  <p className={clases.texto} data-testid="fecha-evaluacion">
                    {fechaConDia(t.fecha)}
                  </p>
                </div>
                <span
                  className={`${clases.cuenta} ${t.color ? clases[`cuenta-${t.color}`] : clases['cuenta-ninguno']}`}
                  data-testid="cuenta-regresiva"
                >
                  <IconAlarm size={14} aria-hidden className={clases.iconoCuenta} />
                  {t.texto}
                </span>
              </div>
              <div className={clases.abajo}>
                <span className={clases.inicio}>
                  <IconClock size={16} aria-hidden />
                  <span className={clases.texto} data-testid="inicio-evaluacion">
                    {t.inicio ? `Comienza a las ${t.inicio}` : 'Horario a confirmar'}
                  </span>
                </span>
                {t.tipo !== 'evaluacion' && t.aula && (
                  <span className={clases.texto} data-testid="aula">
                    Aula {t.aula}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
