'use client';
import { useId, useMemo, useState } from 'react';
import { BLOQUES, DIAS, NOMBRE_DIA, NO_HAY_HORARIOS, bloqueBloqueado } from '@/domain/horario';
import { GrillaSemana } from './GrillaSemana';
import { posicionEnGrilla, useAhora } from './reloj';
import estilos from './horario.module.css';

/**
 * Un bloque de la semana de un curso, de un alumno o de un docente (horarios.delCurso, .mios,
 * .delAlumno, .miSemana; la del docente trae además los cursos del cursado).
 */
export interface ClaseDeLaSemana {
  dia: number;
  bloque: number;
  aula: string | null;
  cursadoId: number;
  cursado: string;
  materias: string[];
  docentes: string[];
  cursos?: string[];
}

/** ¿Empieza el bloque justo en este minuto? (en el recreo la fracción también es 0). */
const enPunto = (minutos: number, bloque: number) => {
  const inicio = BLOQUES[bloque - 1]!.inicio;
  return Math.floor(minutos) === Number(inicio.slice(0, 2)) * 60 + Number(inicio.slice(3, 5));
};

/** Un título del nivel pedido (h2 a h4). */
function Titulo({
  nivel,
  ...props
}: { nivel: 2 | 3 | 4 } & React.HTMLAttributes<HTMLHeadingElement>) {
  const H = `h${nivel}` as const;
  return <H {...props} />;
}

const clave = (dia: number, bloque: number) => `${dia}-${bloque}`;
const ABREVIATURA: Record<number, string> = {
  1: 'Lun',
  2: 'Mar',
  3: 'Mié',
  4: 'Jue',
  5: 'Vie',
  6: 'Sáb',
};

/**
 * La semana de un curso o de un alumno (spec 01 §2 /horarios-readonly, -legajo, -externo): la
 * grilla de lunes a sábado con la línea de la hora actual; en el teléfono (hasta 414 px), un
 * día a la vez, hoy primero, con un selector de día. Sin bloques: 'No hay horarios' (o `vacio`).
 * La de un docente (`deDocente`, /mi-horario) muestra en cada bloque la materia, el curso y el
 * aula en lugar del cursado, el aula y los docentes.
 */
export function VistaHorarios({
  bloques,
  zona,
  titulo,
  nivel = 2,
  vacio = NO_HAY_HORARIOS,
  deDocente = false,
}: {
  bloques: readonly ClaseDeLaSemana[];
  /** Nivel del título del día en el teléfono (3 si la vista va bajo un título de nivel 2). */
  nivel?: 2 | 3 | 4;
  /** La zona horaria de la escuela (para "hoy" y la hora actual). */
  zona: string;
  /** El título accesible de la grilla ('Horarios de 1° 1° Básico'). */
  titulo: string;
  /** El mensaje sin bloques. */
  vacio?: string;
  /** Cada bloque con materia, curso y aula (la semana de un docente). */
  deDocente?: boolean;
}) {
  const ahora = useAhora(zona);
  const grupo = useId();
  const [elegido, setElegido] = useState<number | null>(null);
  const porBloque = useMemo(() => {
    const m = new Map<string, ClaseDeLaSemana[]>();
    for (const b of bloques)
      m.set(clave(b.dia, b.bloque), [...(m.get(clave(b.dia, b.bloque)) ?? []), b]);
    return m;
  }, [bloques]);

  if (bloques.length === 0)
    return (
      <p className={estilos.sinHorarios} data-testid="sin-horarios">
        {vacio}
      </p>
    );

  // Hoy primero (el domingo, el lunes), hasta que se elija otro día.
  const hoy = ahora ? (ahora.dia === 7 ? 1 : ahora.dia) : null;
  const dia = elegido ?? hoy ?? 1;
  // El bloque en curso (en un recreo, ninguno).
  const posicion = ahora && ahora.dia === dia ? posicionEnGrilla(ahora.minutos) : null;
  const enCurso =
    posicion && (posicion.fraccion > 0 || enPunto(ahora!.minutos, posicion.bloque))
      ? posicion
      : null;

  const clases = (dia: number, bloque: number) =>
    (porBloque.get(clave(dia, bloque)) ?? []).map((c) => {
      const nombre = deDocente && c.materias.length ? c.materias.join(', ') : c.cursado;
      const detalle = (
        deDocente ? [(c.cursos ?? []).join(', '), c.aula] : [c.aula, c.docentes.join(', ')]
      )
        .filter(Boolean)
        .join(' · ');
      return (
        <span key={c.cursadoId} className={estilos.clase} data-testid="clase">
          <span className={estilos.nombreClase}>{nombre}</span>
          {detalle && <span className={estilos.detalleClase}>{detalle}</span>}
        </span>
      );
    });

  return (
    <>
      <div className={estilos.semana}>
        <GrillaSemana titulo={titulo} ahora={ahora} celda={clases} />
      </div>
      <div className={estilos.unDia} data-testid="horario-un-dia">
        {/* El selector de día: radios nativos (las flechas cambian de día), como segmentos. */}
        <div role="radiogroup" aria-label="Día" className={estilos.dias}>
          {DIAS.map((d) => (
            <label key={d} className={estilos.segmento}>
              <input
                type="radio"
                name={grupo}
                value={d}
                checked={d === dia}
                onChange={() => setElegido(d)}
                className="solo-lector"
              />
              <span aria-hidden="true">{ABREVIATURA[d]}</span>
              <span className="solo-lector">{NOMBRE_DIA[d]}</span>
            </label>
          ))}
        </div>
        <Titulo nivel={nivel} className={estilos.tituloDia} data-testid="dia-elegido">
          {NOMBRE_DIA[dia]}
          {hoy === dia && ahora?.dia === dia ? ' (hoy)' : ''}
        </Titulo>
        <ul className={estilos.listaDia} aria-label={`${titulo}, ${NOMBRE_DIA[dia]}`}>
          {BLOQUES.filter((b) => !bloqueBloqueado(dia, b.bloque)).map((b) => {
            const contenido = clases(dia, b.bloque);
            const ahoraAca = enCurso?.bloque === b.bloque;
            return (
              <li
                key={b.bloque}
                className={estilos.itemDia}
                data-libre={contenido.length === 0 || undefined}
                data-ahora={ahoraAca || undefined}
                aria-current={ahoraAca ? 'time' : undefined}
                data-testid="bloque-del-dia"
              >
                <span>
                  <span className={estilos.nombreClase}>{b.inicio}</span>
                  <span className={estilos.detalleClase}>{b.fin}</span>
                </span>
                <span>
                  {contenido.length ? (
                    contenido
                  ) : (
                    <span className={estilos.detalleClase}>Libre</span>
                  )}
                  {ahoraAca && (
                    <span
                      className={estilos.detalleClase}
                      style={{ color: 'var(--mantine-color-red-8)' }}
                    >
                      Ahora ({ahora!.texto})
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
