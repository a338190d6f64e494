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
  salidaLista,
  salidaCrear,
  salidaChoques,
  salidaDetalle,
  salidaModificar,
  salidaBorrar,
  salidaModificarHorario,
  salidaGuardarMaterias,
  salidaGuardarTribunal,
  salidaDocentes,
  salidaActa,
  salidaGuardarActa,
  salidaCerrarActa,
  salidaCandidatos,
  salidaAnotar,
} from './schemas';
import * as actas from './actas';
import * as candidatos from './candidatos';
import * as superposiciones from './choques';
import * as servicio from './service';

export const mesasRouter = router({
  lista: procedimiento
    .input(lista)
    .output(salidaLista)
    .query(({ ctx, input }) => servicio.lista(ctx, input)),
  detalle: procedimiento
    .input(mesa)
    .output(salidaDetalle)
    .query(({ ctx, input }) => servicio.detalle(ctx, input)),
  crear: procedimiento
    .input(crear)
    .output(salidaCrear)
    .mutation(({ ctx, input }) => servicio.crear(ctx, input)),
  modificar: procedimiento
    .input(modificar)
    .output(salidaModificar)
    .mutation(({ ctx, input }) => servicio.modificar(ctx, input)),
  modificarHorario: procedimiento
    .input(modificarHorario)
    .output(salidaModificarHorario)
    .mutation(({ ctx, input }) => servicio.modificarHorario(ctx, input)),
  borrar: procedimiento
    .input(mesa)
    .output(salidaBorrar)
    .mutation(({ ctx, input }) => servicio.borrar(ctx, input)),
  guardarMaterias: procedimiento
    .input(cambiosDeLista)
    .output(salidaGuardarMaterias)
    .mutation(({ ctx, input }) => servicio.guardarMaterias(ctx, input)),
  guardarTribunal: procedimiento
    .input(cambiosDeLista)
    .output(salidaGuardarTribunal)
    .mutation(({ ctx, input }) => servicio.guardarTribunal(ctx, input)),
  docentes: procedimiento
    .input(docentes)
    .output(salidaDocentes)
    .query(({ ctx, input }) => servicio.docentes(ctx, input)),
  choques: procedimiento
    .input(choques)
    .output(salidaChoques)
    .query(({ ctx, input }) => superposiciones.choques(ctx, input)),
  acta: procedimiento
    .input(acta)
    .output(salidaActa)
    .query(({ ctx, input }) => actas.acta(ctx, input)),
  guardarActa: procedimiento
    .input(guardarActa)
    .output(salidaGuardarActa)
    .mutation(({ ctx, input }) => actas.guardarActa(ctx, input)),
  cerrarActa: procedimiento
    .input(acta)
    .output(salidaCerrarActa)
    .mutation(({ ctx, input }) => actas.cerrarActa(ctx, input)),
  candidatos: procedimiento
    .input(acta)
    .output(salidaCandidatos)
    .query(({ ctx, input }) => candidatos.candidatos(ctx, input)),
  anotar: procedimiento
    .input(anotar)
    .output(salidaAnotar)
    .mutation(({ ctx, input }) => candidatos.anotar(ctx, input)),
});
