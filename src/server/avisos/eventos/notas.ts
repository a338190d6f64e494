/**
 * Notas publicadas (issue 35 §3): las notas de un cuatrimestre se ven desde la fecha de
 * publicación del calendario (área 'nota'; no hay una acción de publicar). Por eso el hecho lo
 * agenda el trabajador una vez por día (`DIARIOS`, ./diarios.ts): cada cuatrimestre publicado en
 * los últimos `VENTANA_NOTAS_DIAS` días (así un trabajador que estuvo caído, o una fecha corrida
 * hacia atrás, no se pierde; y uno publicado hace meses no avisa de nuevo) avisa a cada alumno con
 * notas en él: sus notas del cuatrimestre y la condición de cada materia (la nota final, sólo si
 * ya se publicaron todos los cuatrimestres que usa, como en la libreta). Una vez por alumno,
 * ciclo y cuatrimestre (la clave): correr el hecho todos los días no repite nada.
 */
import { sql } from 'drizzle-orm';
import { periodosDeArea, type FechaCalendario } from '@/domain/calendario';
import { anioDe, sumarDias } from '@/domain/escuela';
import {
  AUSENTE,
  CUATRIMESTRES,
  NOMBRE_CUATRIMESTRE,
  NOTA_NO_APLICA,
  aplicaCuatrimestre,
  condicionDeMateria,
  mostrarNota,
  type Cuatrimestre,
  type ValorNota,
} from '@/domain/notas';
import type { Compositor } from '../tipos';
import { avisosDeAlumnos, filas } from './escolares';

export interface EventoNotas {
  tipo: 'notas-publicadas';
}

/** Cuántos días después de la publicación todavía se avisa (si el aviso no salió). */
export const VENTANA_NOTAS_DIAS = 7;

interface FilaNota {
  alumno: number;
  materia: string;
  modalidad: number;
  n1: number | null;
  a1: boolean | null;
  n2: number | null;
  a2: boolean | null;
}

const valor = (nota: number | null, ausente: boolean | null): ValorNota | null =>
  ausente ? AUSENTE : nota;

/** Una materia en el aviso: 'Matemática: 7', 'Física: 4 (En riesgo)', 'Historia: 8 (final 8)'. */
function lineaDeMateria(
  f: FilaNota,
  cuatrimestre: Cuatrimestre,
  publicado: Record<Cuatrimestre, boolean>,
): string | null {
  const visibles = {
    1: publicado[1] ? valor(f.n1, f.a1) : null,
    2: publicado[2] ? valor(f.n2, f.a2) : null,
  };
  const propia = visibles[cuatrimestre];
  if (propia == null || propia === NOTA_NO_APLICA) return null;
  const r = condicionDeMateria(f.modalidad, visibles[1], visibles[2]);
  const completa = CUATRIMESTRES.every((c) => !aplicaCuatrimestre(f.modalidad, c) || publicado[c]);
  const nota = propia === AUSENTE ? 'Ausente' : mostrarNota(propia);
  const extra = r.condicion ?? (completa && r.final != null ? `final ${mostrarNota(r.final)}` : '');
  return `${f.materia}: ${nota}${extra ? ` (${extra})` : ''}`;
}

export const componerNotas: Compositor<EventoNotas> = async (ctx) => {
  const desde = sumarDias(ctx.hoy, -(VENTANA_NOTAS_DIAS - 1));
  const anio = anioDe(ctx.hoy);
  // El 2° cuatrimestre de un ciclo puede publicarse en los primeros días del año siguiente.
  const fechas = await filas<FechaCalendario>(
    ctx.db,
    sql`select fecha::text as fecha, tipo, area from calendario
      where area = 'nota' and fecha between ${`${anio - 1}-01-01`} and ${`${anio}-12-31`}`,
  );
  const publicados: {
    ciclo: number;
    cuatrimestre: Cuatrimestre;
    publicado: Record<Cuatrimestre, boolean>;
  }[] = [];
  for (const ciclo of [anio - 1, anio]) {
    const periodos = periodosDeArea(
      fechas.filter((f) => f.fecha.startsWith(`${ciclo}-`)),
      'nota',
    );
    const publicado = {
      1: periodos[0]?.publicacion != null && periodos[0].publicacion <= ctx.hoy,
      2: periodos[1]?.publicacion != null && periodos[1].publicacion <= ctx.hoy,
    };
    for (const c of CUATRIMESTRES) {
      const p = periodos[c - 1]?.publicacion;
      if (p != null && p >= desde && p <= ctx.hoy)
        publicados.push({ ciclo, cuatrimestre: c, publicado });
    }
  }
  const avisos = [];
  for (const { ciclo, cuatrimestre, publicado } of publicados) {
    // Cada materia del ciclo de cada alumno con nota en el cuatrimestre, con sus dos notas.
    const notas = await filas<FilaNota>(
      ctx.db,
      sql`select n.alumno_id as alumno, c.modalidad,
          coalesce((select m.nombre from inscripciones i join materias m on m.id = i.materia_id
            where i.alumno_id = n.alumno_id and i.cursado_id = c.id limit 1), c.nombre) as materia,
          max(n.nota) filter (where n.cuatrimestre = 1) as n1,
          bool_or(n.ausente) filter (where n.cuatrimestre = 1) as a1,
          max(n.nota) filter (where n.cuatrimestre = 2) as n2,
          bool_or(n.ausente) filter (where n.cuatrimestre = 2) as a2
        from notas n join cursados c on c.id = n.cursado_id
        where c.ciclolectivo = ${ciclo}
        group by n.alumno_id, c.id
        having bool_or(n.cuatrimestre = ${cuatrimestre})
        order by n.alumno_id, materia`,
    );
    const porAlumno = new Map<number, string[]>();
    for (const f of notas) {
      if (!aplicaCuatrimestre(f.modalidad, cuatrimestre)) continue;
      const linea = lineaDeMateria(f, cuatrimestre, publicado);
      if (linea) porAlumno.set(f.alumno, [...(porAlumno.get(f.alumno) ?? []), linea]);
    }
    const nombre = `${NOMBRE_CUATRIMESTRE[cuatrimestre]} ${ciclo}`;
    avisos.push(
      ...(await avisosDeAlumnos(
        ctx,
        [...porAlumno].map(([alumno, lineas]) => ({ alumno, lineas })),
        (h, _a, alumno) => ({
          categoria: 'notas',
          clave: `notas:${h.alumno}:${ciclo}:${cuatrimestre}`,
          titulo: `Notas publicadas: ${nombre}`,
          texto: `Se publicaron las notas del ${nombre} de ${alumno}. ${h.lineas.join('; ')}.`,
          enlace: '/libretas-externo',
        }),
      )),
    );
  }
  return { avisos };
};
