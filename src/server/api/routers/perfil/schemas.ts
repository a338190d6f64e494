/** Esquemas del perfil del alumno (spec 02 §2 /perfil/editar, §5, §7 POST /alumnos/update/{id}). */
import { z } from 'zod';
import { email, id, texto, textoRequerido } from '@/server/api/schemas';
import { telefonoOpcional, vacioANull } from '@/server/api/schemas';
import { salida } from '@/server/api/schemas';

export const TELEFONO_OBLIGATORIO = 'El teléfono es obligatorio.';

/** Multipart: alumno (del camino), fotoPerfil (optativa), nombre, apellido, telefono, email, pronombre. */
export const actualizarPerfil = z.object(
  {
    alumno: id,
    nombre: textoRequerido('Nombre'),
    apellido: textoRequerido('Apellido'),
    telefono: telefonoOpcional.refine((t) => t !== null, { error: TELEFONO_OBLIGATORIO }),
    email,
    pronombre: z.preprocess(
      vacioANull,
      texto({ campo: 'Pronombre', max: 30 }).nullable().default(null),
    ),
    fotoPerfil: z.preprocess(
      // Un campo de archivo vacío llega como File de 0 bytes: es "sin foto nueva".
      (f) => (f instanceof File && f.size === 0 ? undefined : f === '' ? undefined : f),
      z.instanceof(File, { error: 'La foto debe ser un archivo.' }).optional(),
    ),
  },
  { error: 'Faltan los datos del perfil.' },
);
export type ActualizarPerfil = z.infer<typeof actualizarPerfil>;

export const fotoDeAlumno = z.object({ alumno: id });

// ---------------------------------------------------------------------------------------------
// Salidas de los procedimientos que sirve el contrato REST (issue 33 §3): las documenta
// /api/openapi.json y las validan las pruebas (`salida`, src/server/api/schemas.ts).

/** perfil.actualizar: POST /api/alumnos/update/{alumno}. */
export const salidaActualizar = salida(
  z.object({
    nombre: z.string(),
    apellido: z.string(),
    telefono: z.string(),
    email: z.string(),
    pronombre: z.string().nullable(),
    fotoId: z.number().nullable(),
    alumno: z.number(),
  }),
);
