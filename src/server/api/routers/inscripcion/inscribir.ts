/**
 * La inscripción anual de un hijo (spec 02 §2 "Enrolment page", §5): el formulario con la
 * ficha médica y el comprobante de pago, en una transacción, para el ciclo lectivo en curso
 * (`cicloActual`), elija lo que elija el referente en el selector de año.
 */
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import {
  CLAVES_ANTECEDENTES,
  CLAVES_PREGUNTAS,
  COMPROBANTE_DEMASIADO_GRANDE,
  problemaDeComprobante,
  TAMANIO_MAXIMO_COMPROBANTE,
  tipoDeComprobante,
  type Antecedente,
  type EstadoInscripcion,
  type PreguntaFicha,
} from '@/domain/inscripcion';
import { nombreCompleto } from '@/domain/escuela';
import { auditar } from '@/server/auditoria';
import { encolar } from '@/server/avisos/cola';
import type { Ctx } from '@/server/contexto';
import { transaccion } from '@/server/errores';
import { alumnos, archivos, fichasMedicas, inscripcionesAnuales } from '@/server/db/schema';
import type { FormularioInscripcion, Inscribir } from './schemas';
import { cicloActual, hijoYSuInscripcion, inscripcionYaEnviada } from './service';

function nombreArchivo(original: string, tipo: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .trim()
    .slice(0, 100);
  return `${base || 'comprobante'}.${tipo === 'application/pdf' ? 'pdf' : 'jpg'}`;
}

function ficha(d: FormularioInscripcion) {
  const antecedentes = Object.fromEntries(CLAVES_ANTECEDENTES.map((c) => [c, d[c]])) as Record<
    Antecedente,
    boolean
  >;
  const respuestas = Object.fromEntries(CLAVES_PREGUNTAS.map((c) => [c, d[c]])) as Record<
    PreguntaFicha,
    string
  >;
  const siTiene = (tiene: boolean, v: string) => (tiene && v ? v : null);
  return {
    grupoSanguineo: d.grupoSanguineo,
    factorRh: d.factorRH,
    pesoKilogramos: d.pesoKilogramos,
    alturaCentimetros: d.alturaCentimetros,
    tieneServicioEmergencia: d.tieneServicioEmergencia,
    nombreServicioEmergencia: siTiene(d.tieneServicioEmergencia, d.nombreServicioEmergencia),
    carnetServicioEmergencia: siTiene(d.tieneServicioEmergencia, d.carnetServicioEmergencia),
    telefonoServicioEmergencia: siTiene(d.tieneServicioEmergencia, d.telefonoServicioEmergencia),
    tieneObraSocial: d.tieneObraSocial,
    nombreObraSocial: siTiene(d.tieneObraSocial, d.nombreObraSocial),
    carnetObraSocial: siTiene(d.tieneObraSocial, d.carnetObraSocial),
    telefonoObraSocial: siTiene(d.tieneObraSocial, d.telefonoObraSocial),
    antecedentes,
    respuestas,
  };
}

/**
 * POST /api/alumnos/{id}/inscribir: guarda en una transacción el comprobante, la inscripción
 * del ciclo y la ficha médica, y actualiza el contacto del alumno. El comprobante se
 * reconoce por su contenido (JPG o PDF, ≤ 10 MB). Un segundo envío para el mismo hijo y
 * ciclo (otra pestaña, doble toque) es CONFLICT y no deja nada escrito, ni el archivo.
 */
export async function inscribir(ctx: Ctx, datos: Inscribir) {
  const ciclo = cicloActual(ctx);
  if (datos.comprobante.size > TAMANIO_MAXIMO_COMPROBANTE)
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: COMPROBANTE_DEMASIADO_GRANDE });
  const bytes = Buffer.from(await datos.comprobante.arrayBuffer());
  if (bytes.length > TAMANIO_MAXIMO_COMPROBANTE)
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: COMPROBANTE_DEMASIADO_GRANDE });
  const tipo = tipoDeComprobante(bytes);
  if (!tipo) throw new TRPCError({ code: 'BAD_REQUEST', message: problemaDeComprobante(bytes)! });

  return transaccion(ctx, async (tx) => {
    const {
      referente,
      hijo,
      inscripcion: previa,
    } = await hijoYSuInscripcion(tx, { alumno: datos.alumno, ciclo });
    if (previa)
      throw new TRPCError({
        code: 'CONFLICT',
        message: inscripcionYaEnviada(nombreCompleto(hijo), ciclo),
      });

    const [archivo] = await tx.db
      .insert(archivos)
      .values({
        nombre: nombreArchivo(datos.comprobante.name, tipo),
        tipo,
        tamanio: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        datos: bytes,
        subidoPor: ctx.sesion.usuario.id,
      })
      .returning({ id: archivos.id });
    const telefono = datos.telefono;
    // Si otra pestaña inscribió al mismo hijo entre la lectura y aquí, el índice único lo
    // frena: no se inserta nada y la transacción entera (archivo incluido) se deshace.
    const [inscripcion] = await tx.db
      .insert(inscripcionesAnuales)
      .values({
        alumnoId: hijo.orden,
        ciclolectivo: ciclo,
        referenteId: referente.orden,
        email: datos.email,
        telefono,
        cuil: datos.cuil,
        calle: datos.calle,
        altura: datos.altura,
        localidad: datos.localidad,
        comprobanteId: archivo!.id,
      })
      .onConflictDoNothing()
      .returning({
        orden: inscripcionesAnuales.id,
        estado: inscripcionesAnuales.estado,
        creado: inscripcionesAnuales.creado,
      });
    if (!inscripcion)
      throw new TRPCError({
        code: 'CONFLICT',
        message: inscripcionYaEnviada(nombreCompleto(hijo), ciclo),
      });
    await tx.db.insert(fichasMedicas).values({ inscripcionId: inscripcion.orden, ...ficha(datos) });
    await tx.db
      .update(alumnos)
      .set({ email: datos.email, telefono })
      .where(eq(alumnos.id, hijo.orden));
    await auditar(tx, {
      accion: 'inscribir',
      entidad: 'inscripciones_anuales',
      entidadId: inscripcion.orden,
      // La ficha médica no va a la auditoría: sólo qué se guardó y el comprobante.
      despues: {
        alumno: hijo.orden,
        ciclo,
        email: datos.email,
        telefono,
        cuil: datos.cuil,
        domicilio: `${datos.calle} ${datos.altura}, ${datos.localidad}`,
        comprobante: { id: archivo!.id, tipo, tamanio: bytes.length },
      },
    });
    // "Inscripción recibida" a la familia (issue 35), en la misma transacción.
    await encolar(tx.db, {
      tipo: 'inscripcion',
      inscripcion: inscripcion.orden,
      etapa: 'recibida',
    });
    return {
      orden: inscripcion.orden,
      ciclo,
      alumno: hijo.orden,
      estado: inscripcion.estado as EstadoInscripcion,
      creado: inscripcion.creado.toISOString(),
    };
  });
}
