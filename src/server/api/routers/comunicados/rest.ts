/**
 * El contrato REST de los comunicados (issue 35 §4): publicar (multipart, con el adjunto) y
 * descargar el adjunto tienen manejador propio en src/app/api/comunicados (leen o devuelven un
 * archivo) y llaman a los mismos procedimientos que la pantalla; acá sólo se documentan.
 */
import type { RutaPropia, RutaRest } from '@/server/api/rest-tipos';
import { MAXIMOS_COMUNICADO } from './schemas';

const MB = MAXIMOS_COMUNICADO.adjuntoMb;

/** Las demás operaciones de los comunicados son de las pantallas (tRPC): ninguna fila de la tabla. */
export const rutas: readonly RutaRest[] = [];

export const propias: readonly RutaPropia[] = [
  {
    metodo: 'POST',
    ruta: '/api/comunicados',
    resumen: `Publica un comunicado (comunicados.publicar: Regente, Alumnado y Admin a la escuela, un año o un curso; Jefe de Preceptores y Preceptor a sus cursos; Docente a sus cursados). Multipart, con un adjunto PDF o JPG optativo de hasta ${MB} MB; devuelve el comunicado y cuántas familias lo reciben.`,
    manejador: 'src/app/api/comunicados/route.ts',
    formulario: {
      titulo: {
        descripcion: `Título (hasta ${MAXIMOS_COMUNICADO.titulo} caracteres).`,
        requerido: true,
      },
      texto: {
        descripcion: `Texto (hasta ${MAXIMOS_COMUNICADO.texto.toLocaleString('es-AR')} caracteres).`,
        requerido: true,
      },
      audiencia: {
        descripcion: "A quién va: 'escuela', 'anio', 'curso' o 'cursado'.",
        requerido: true,
      },
      anio: { descripcion: "El año (1 a 6), con audiencia 'anio'." },
      curso: { descripcion: "El orden del curso, con audiencia 'curso'." },
      cursado: { descripcion: "El orden del cursado, con audiencia 'cursado'." },
      requiereConfirmacion: {
        descripcion: "'true' si las familias deben confirmar la lectura (por omisión, 'false').",
      },
      adjunto: {
        descripcion: `El adjunto optativo: PDF o JPG (por su contenido), hasta ${MB} MB.`,
        archivo: true,
      },
    },
    respuestas: {
      200: 'El comunicado publicado (JSON).',
      400: 'Entrada inválida (no es multipart, falta un campo, el adjunto no es PDF ni JPG).',
      401: 'Sin sesión.',
      403: 'El rol activo no publica comunicados, la audiencia está fuera de su alcance o el origen no es el del portal.',
      413: `El cuerpo pasa del máximo (adjunto de hasta ${MB} MB).`,
    },
  },
  {
    metodo: 'GET',
    ruta: '/api/comunicados/{id}/adjunto',
    resumen:
      'El adjunto de un comunicado (PDF o JPG, con el tipo detectado al subirlo), para sus destinatarios, su autor y Regente, Alumnado o Admin.',
    manejador: 'src/app/api/comunicados/[id]/adjunto/route.ts',
    parametros: { id: 'Id del comunicado.' },
    respuestas: {
      200: 'El archivo (application/pdf o image/jpeg).',
      401: 'Sin sesión.',
      404: 'El comunicado no existe, no tiene adjunto o quien pide no es de su audiencia.',
    },
  },
];
