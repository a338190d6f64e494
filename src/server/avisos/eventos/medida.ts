/**
 * El hecho 'medida' (issue 35 §3): una medida disciplinaria pasada, corregida o borrada (en la
 * transacción del cambio). El compositor lee el estado actual:
 * - la medida: un aviso por destinatario con el tipo, la cantidad, la fecha, el turno y el motivo
 *   (clave 'medida:<id>': una corrección cambia el texto; una medida borrada, los avisos ya dados
 *   pasan a decir que se anuló);
 * - el total del ciclo (src/domain/medidas.ts: sin apercibimientos) al llegar a 10 y a 15, una vez
 *   por ciclo cada uno (el más alto alcanzado).
 */
import { sql } from 'drizzle-orm';
import {
  colorMedidas,
  ETIQUETA_TIPO_MEDIDA,
  esTipoMedida,
  totalMedidas,
  UMBRAL_AMARILLO_MEDIDAS,
  UMBRAL_ROJO_MEDIDAS,
} from '@/domain/medidas';
import { fechaLegible, numero } from '@/domain/texto';
import { enteros, filasDe } from '@/server/db/sql';
import { destinatarios, nombreEnAviso, type AlumnoDelAviso } from '../destinatarios';
import type { AvisoNuevo, Composicion, CtxTrabajo } from '../tipos';

export interface EventoMedida {
  tipo: 'medida';
  medida: number;
  alumno: number;
  /** El ciclo de la fecha de la medida (también de una borrada). */
  ciclo: number;
}

export const claveMedida = (medida: number) => `medida:${medida}`;
export const claveTotalMedidas = (alumno: number, ciclo: number, umbral: number) =>
  `medida-total:${alumno}:${ciclo}:${umbral}`;
export const enlaceMedidas = (ciclo: number) => `/medidas-externo?anio=${ciclo}`;

interface FilaMedida {
  tipo: string;
  fecha: string;
  turno: string;
  cantidad: number | null;
  motivo: string;
}

/** 'Amonestación de 1,5', 'Apercibimiento', 'Colectiva de 2'. */
function queMedida(m: Pick<FilaMedida, 'tipo' | 'cantidad'>): string {
  const nombre = esTipoMedida(m.tipo) ? ETIQUETA_TIPO_MEDIDA[m.tipo] : m.tipo;
  return m.cantidad != null && m.tipo !== 'apercibimiento'
    ? `${nombre} de ${numero(m.cantidad)}`
    : nombre;
}

export function textoMedida(alumno: AlumnoDelAviso, m: FilaMedida) {
  const motivo = m.motivo.trim();
  return {
    titulo: `${queMedida(m)} el ${fechaLegible(m.fecha)}`,
    texto: `${nombreEnAviso(alumno)}: ${queMedida(m).toLowerCase()} el ${fechaLegible(m.fecha)}, turno ${m.turno}.${motivo ? ` Motivo: ${motivo}` : ''}`,
  };
}

export function textoTotalMedidas(alumno: AlumnoDelAviso, umbral: number, ciclo: number) {
  return {
    titulo: `${numero(umbral)} en medidas disciplinarias`,
    texto: `${nombreEnAviso(alumno)} llegó a ${numero(umbral)} en el total de medidas disciplinarias de ${ciclo} (sin contar los apercibimientos).`,
  };
}

export async function componerMedida(ctx: CtxTrabajo, datos: EventoMedida): Promise<Composicion> {
  const [medidas, porTipo, quienes] = await Promise.all([
    ctx.db.execute(sql`
      select tipo, fecha::text as fecha, turno, cantidad::float8 as cantidad, motivo
      from medidas where id = ${datos.medida} and alumno_id = ${datos.alumno}`),
    ctx.db.execute(sql`
      select tipo, coalesce(sum(cantidad), 0)::float8 as cantidad from medidas
      where alumno_id = ${datos.alumno}
        and fecha between make_date(${datos.ciclo}::int, 1, 1) and make_date(${datos.ciclo}::int, 12, 31)
      group by tipo`),
    destinatarios(ctx, [datos.alumno]),
  ]);
  const d = quienes.get(datos.alumno);
  if (!d) return { avisos: [] };
  const avisos: AvisoNuevo[] = [];
  const comun = { alumno: datos.alumno, categoria: 'medida' as const };
  const enlace = enlaceMedidas(datos.ciclo);

  const [medida] = filasDe<FilaMedida>(medidas);
  if (medida) {
    const texto = textoMedida(d.alumno, medida);
    for (const u of d.usuarios)
      avisos.push({ ...comun, usuario: u, clave: claveMedida(datos.medida), ...texto, enlace });
  } else {
    // Borrada: sólo cambian los avisos que ya se dieron (a quienes todavía la reciben; por
    // usuario y clave, el índice único de avisos).
    const yaDados = d.usuarios.length
      ? filasDe<{ usuario: number; titulo: string }>(
          await ctx.db.execute(sql`
            select usuario_id as usuario, titulo from avisos
            where usuario_id = any(${enteros(d.usuarios)}) and clave = ${claveMedida(datos.medida)}`),
        )
      : [];
    for (const y of yaDados)
      avisos.push({
        ...comun,
        usuario: y.usuario,
        clave: claveMedida(datos.medida),
        titulo: y.titulo,
        texto: `La escuela anuló esta medida disciplinaria de ${nombreEnAviso(d.alumno)}.`,
        enlace,
      });
  }

  const total = totalMedidas(
    filasDe<{ tipo: string; cantidad: number }>(porTipo).map((f) => ({
      tipo: f.tipo,
      cantidad: Number(f.cantidad),
    })),
  );
  const color = colorMedidas(total);
  const umbral =
    color === 'red' ? UMBRAL_ROJO_MEDIDAS : color === 'yellow' ? UMBRAL_AMARILLO_MEDIDAS : null;
  if (umbral != null) {
    const texto = textoTotalMedidas(d.alumno, umbral, datos.ciclo);
    for (const u of d.usuarios)
      avisos.push({
        ...comun,
        usuario: u,
        clave: claveTotalMedidas(datos.alumno, datos.ciclo, umbral),
        ...texto,
        enlace,
      });
  }
  return { avisos };
}
