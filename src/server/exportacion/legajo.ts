/**
 * La exportación del legajo de un alumno (issue 34 §3; Ley 25.326 art. 14, o un pase): un ZIP con
 * `indice.html` (legible e imprimible: cada sección con sus filas), `manifiesto.json`, un CSV por
 * tabla (`tablas/<tabla>.csv`, sólo las filas del alumno) y sus archivos (`archivos/...`). Qué entra
 * lo decide el plan (src/server/exportacion/plan-legajo.ts) desde las claves foráneas del esquema.
 * Se lee en una instantánea de sólo lectura y se audita al terminar (entidad alumnos).
 */
import { auditar } from '@/server/auditoria';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { agregarArchivos, agregarTabla, instantanea, type ArchivoExportado } from './completa';
import { COLUMNAS_RESERVADAS, planDelLegajo } from './plan-legajo';
import type { ZipEnStream } from './zip';

/** Filas por sección que muestra el índice (el CSV las tiene todas). */
export const FILAS_EN_EL_INDICE = 2000;

export interface AlumnoDelLegajo {
  id: number;
  apellido: string;
  nombre: string;
  dni: number;
  usuarioId: number | null;
}

interface SeccionLeida {
  tabla: string;
  titulo: string;
  archivo: string;
  columnas: string[];
  filas: number;
  muestra: (string | null)[][];
}

const esc = (t: string) =>
  t.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const FORMATO_FECHA: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
};

function indiceHtml(
  ctx: Ctx,
  alumno: AlumnoDelLegajo,
  secciones: SeccionLeida[],
  archivos: ArchivoExportado[],
): string {
  const titulo = `Legajo de ${alumno.apellido}, ${alumno.nombre}`;
  const fecha = new Intl.DateTimeFormat('es-AR', { ...FORMATO_FECHA, timeZone: ctx.zona }).format(
    ctx.ahora,
  );
  const tabla = (s: SeccionLeida) =>
    s.filas === 0
      ? '<p class="vacio">Sin registros.</p>'
      : `<table><thead><tr>${s.columnas.map((c) => `<th>${esc(c)}</th>`).join('')}</tr></thead><tbody>${s.muestra
          .map((f) => `<tr>${f.map((v) => `<td>${v == null ? '' : esc(v)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>${
          s.filas > s.muestra.length
            ? `<p class="vacio">Se muestran ${s.muestra.length} de ${s.filas} filas: todas están en ${esc(s.archivo)}.</p>`
            : ''
        }`;
  return `<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><title>${esc(titulo)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#111}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem;break-after:avoid}
table{border-collapse:collapse;margin:.5rem 0;font-size:12px}
th,td{border:1px solid #999;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#eee}.vacio{color:#555}
@media print{body{margin:0}}
</style></head><body>
<h1>${esc(titulo)}</h1>
<p>DNI ${alumno.dni}. Número de orden ${alumno.id}. Exportado el ${esc(fecha)} por ${esc(
    `${ctx.sesion.usuario.apellido}, ${ctx.sesion.usuario.nombre}`,
  )} (${esc(ctx.sesion.usuario.email)}).</p>
<p>Todo lo que el portal guarda sobre el alumno (Ley 25.326, art. 14). Cada sección está además en
un archivo CSV de la carpeta <code>tablas/</code>; los archivos subidos, en <code>archivos/</code>.
Los códigos y enlaces personales figuran como "(reservado)".</p>
<h2>Contenido</h2>
<table><thead><tr><th>Sección</th><th>Archivo</th><th>Filas</th></tr></thead><tbody>
${secciones
  .map(
    (s) =>
      `<tr><td><a href="#${esc(s.tabla)}">${esc(s.titulo)}</a></td><td>${esc(s.archivo)}</td><td>${s.filas}</td></tr>`,
  )
  .join('\n')}
</tbody></table>
<h2>Archivos subidos</h2>
${
  archivos.length
    ? `<ul>${archivos.map((a) => `<li><a href="${esc(a.ruta)}">${esc(a.ruta)}</a> (${a.bytes} bytes)</li>`).join('')}</ul>`
    : '<p class="vacio">Sin archivos.</p>'
}
${secciones.map((s) => `<h2 id="${esc(s.tabla)}">${esc(s.titulo)}</h2>\n${tabla(s)}`).join('\n')}
</body></html>
`;
}

/** El nombre de descarga del legajo. */
export const nombreDelLegajo = (a: Pick<AlumnoDelLegajo, 'id' | 'apellido' | 'nombre'>) =>
  `legajo-${a.id}-${`${a.apellido}-${a.nombre}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}.zip`;

/**
 * Escribe el legajo en `zip` y lo cierra; audita (completo o no). Quien llama ya comprobó que la
 * sesión puede ver a este alumno (`exportar.legajo`, con el alcance de alcance.ts).
 */
export async function exportarLegajo(
  ctx: Ctx,
  zip: ZipEnStream,
  alumno: AlumnoDelLegajo,
): Promise<Record<string, number>> {
  const cuentas: Record<string, number> = {};
  let archivosN = 0;
  let error: unknown = null;
  try {
    await transaccion(ctx, async ({ db }) => {
      await instantanea(db);
      const plan = planDelLegajo(alumno.id, alumno.usuarioId);
      const deArchivos = plan.find((p) => p.tabla.nombre === 'archivos');
      const { lista, rutas } = deArchivos
        ? await agregarArchivos(db, zip, 'archivos/', deArchivos.donde)
        : { lista: [], rutas: new Map<string, string>() };
      archivosN = lista.length;
      const secciones: SeccionLeida[] = [];
      for (const parte of plan) {
        const archivo = `tablas/${parte.tabla.nombre}.csv`;
        const muestra: (string | null)[][] = [];
        const filas = await agregarTabla(db, zip, parte.tabla, {
          ruta: archivo,
          donde: parte.donde,
          reservadas: COLUMNAS_RESERVADAS,
          rutaBinaria:
            parte.tabla.nombre === 'archivos' ? (f) => rutas.get(f.id ?? '') ?? '' : undefined,
          alFila: (v) => {
            if (muestra.length < FILAS_EN_EL_INDICE) muestra.push(v);
          },
        });
        cuentas[parte.tabla.nombre] = filas;
        secciones.push({
          tabla: parte.tabla.nombre,
          titulo: parte.titulo,
          archivo,
          columnas: parte.tabla.columnas.map((c) => c.nombre),
          filas,
          muestra,
        });
      }
      await zip.agregar('indice.html', indiceHtml(ctx, alumno, secciones, lista));
      const manifiesto = {
        formato: 'portal-escolar/legajo',
        fecha: ctx.ahora.toISOString(),
        alumno: {
          id: alumno.id,
          apellido: alumno.apellido,
          nombre: alumno.nombre,
          dni: alumno.dni,
        },
        usuario: { id: ctx.sesion.usuario.id, email: ctx.sesion.usuario.email },
        secciones: secciones.map(({ tabla, titulo, archivo, filas }) => ({
          tabla,
          titulo,
          archivo,
          filas,
        })),
        archivos: lista,
      };
      await zip.agregar('manifiesto.json', JSON.stringify(manifiesto, null, 2));
    });
  } catch (e) {
    error = e;
  }
  await auditar(ctx, {
    accion: 'exportar_legajo',
    entidad: 'alumnos',
    entidadId: alumno.id,
    despues: {
      completa: !error,
      tablas: cuentas,
      archivos: archivosN,
      ...(error ? { error: String(error) } : {}),
    },
  });
  if (error) {
    zip.cortar(error);
    throw error;
  }
  await zip.terminar();
  return cuentas;
}
