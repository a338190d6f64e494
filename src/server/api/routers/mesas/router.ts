/**
 * Mesas de examen (spec 02 §2 Mesas, §7 mesas; issue 16). Alumnado y Admin crean y administran
 * (materias, tribunal, alumnos, actas); Jefe de Departamento cambia hora y aula y el tribunal de
 * las mesas de su departamento; Docente carga y cierra las actas de las mesas de su tribunal.
 */
import { procedimiento, router } from '@/server/api/trpc';
import {
  acta,
  anotar,
  cambiosDeLista,
  choques,
  crear,
  docentes,
  guardarActa,
  lista,
  mesa,
  modificar,
  modificarHorario,
} from './schemas';
import * as actas from './actas';
import * as candidatos from './candidatos';
import * as superposiciones from './choques';
import * as servicio from './service';

export const mesasRouter = router({
  lista: procedimiento.input(lista).query(({ ctx, input }) => servicio.lista(ctx, input)),
  detalle: procedimiento.input(mesa).query(({ ctx, input }) => servicio.detalle(ctx, input)),
  crear: procedimiento.input(crear).mutation(({ ctx, input }) => servicio.crear(ctx, input)),
  modificar: procedimiento
    .input(modificar)
    .mutation(({ ctx, input }) => servicio.modificar(ctx, input)),
  modificarHorario: procedimiento
    .input(modificarHorario)
    .mutation(({ ctx, input }) => servicio.modificarHorario(ctx, input)),
  borrar: procedimiento.input(mesa).mutation(({ ctx, input }) => servicio.borrar(ctx, input)),
  guardarMaterias: procedimiento
    .input(cambiosDeLista)
    .mutation(({ ctx, input }) => servicio.guardarMaterias(ctx, input)),
  guardarTribunal: procedimiento
    .input(cambiosDeLista)
    .mutation(({ ctx, input }) => servicio.guardarTribunal(ctx, input)),
  docentes: procedimiento.input(docentes).query(({ ctx, input }) => servicio.docentes(ctx, input)),
  choques: procedimiento
    .input(choques)
    .query(({ ctx, input }) => superposiciones.choques(ctx, input)),
  acta: procedimiento.input(acta).query(({ ctx, input }) => actas.acta(ctx, input)),
  guardarActa: procedimiento
    .input(guardarActa)
    .mutation(({ ctx, input }) => actas.guardarActa(ctx, input)),
  cerrarActa: procedimiento.input(acta).mutation(({ ctx, input }) => actas.cerrarActa(ctx, input)),
  candidatos: procedimiento
    .input(acta)
    .query(({ ctx, input }) => candidatos.candidatos(ctx, input)),
  anotar: procedimiento.input(anotar).mutation(({ ctx, input }) => candidatos.anotar(ctx, input)),
});
