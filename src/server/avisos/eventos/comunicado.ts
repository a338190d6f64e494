/**
 * El hecho 'comunicado' (issue 35 §4): un comunicado publicado o corregido (en la transacción del
 * cambio). El compositor lee el comunicado y sus destinatarios (fijados al publicar) y arma un
 * aviso por persona (clave 'comunicado:<id>'): un referente con dos hijos en la audiencia recibe
 * uno solo, con los dos nombres. Una corrección vuelve a componer: el texto cambia (dice
 * "editado") y no sale otro correo (../procesar.ts).
 */
import { sql } from 'drizzle-orm';
import { claveComunicado, enlaceComunicado, textoAviso } from '@/domain/comunicados';
import { nombreCurso } from '@/domain/escuela';
import { filasDe } from '@/server/db/sql';
import type { AvisoNuevo, Composicion, CtxTrabajo } from '../tipos';

export interface EventoComunicado {
  tipo: 'comunicado';
  comunicado: number;
}

interface Fila {
  titulo: string;
  requiere_confirmacion: boolean;
  editado: boolean;
  usuario: number;
  alumno: number;
  apellido: string;
  nombre: string;
  anio: number | null;
  division: number | null;
  especialidad: string | null;
}

export async function componerComunicado(
  ctx: CtxTrabajo,
  datos: EventoComunicado,
): Promise<Composicion> {
  const filas = filasDe<Fila>(
    await ctx.db.execute(sql`
      select c.titulo, c.requiere_confirmacion, c.editado is not null as editado,
        d.usuario_id as usuario, a.id as alumno, a.apellido, a.nombre,
        cu.anio, cu.division, cu.especialidad
      from comunicados c
      join comunicado_destinatarios d on d.comunicado_id = c.id
      join alumnos a on a.id = d.alumno_id
      left join alumnos_cursos ac on ac.alumno_id = a.id and ac.ciclolectivo = c.ciclolectivo
      left join cursos cu on cu.id = ac.curso_id
      where c.id = ${datos.comunicado}
      order by d.usuario_id, a.apellido, a.nombre, a.id`),
  );
  const porUsuario = new Map<number, Fila[]>();
  for (const f of filas) {
    const lista = porUsuario.get(Number(f.usuario)) ?? [];
    if (!lista.some((x) => x.alumno === f.alumno)) lista.push(f);
    porUsuario.set(Number(f.usuario), lista);
  }
  const avisos: AvisoNuevo[] = [];
  for (const [usuario, lista] of porUsuario) {
    const primero = lista[0]!;
    const { titulo, texto } = textoAviso({
      titulo: primero.titulo,
      requiereConfirmacion: primero.requiere_confirmacion,
      editado: primero.editado,
      alumnos: lista.map((f) => ({
        nombre: `${f.apellido}, ${f.nombre}`,
        curso:
          f.anio != null
            ? nombreCurso({ anio: f.anio, division: f.division!, especialidad: f.especialidad })
            : null,
      })),
    });
    avisos.push({
      usuario,
      alumno: Number(primero.alumno),
      categoria: 'comunicado',
      clave: claveComunicado(datos.comunicado),
      titulo,
      texto,
      enlace: enlaceComunicado(datos.comunicado),
    });
  }
  return { avisos };
}
