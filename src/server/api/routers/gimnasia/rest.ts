/** Filas REST de la gimnasia electiva (spec 02 §7; issue 17 §2). */
import { nada, type RutaRest } from '@/server/api/rest-tipos';

const ANIO = { year: 'El ciclo lectivo.' };
const delAnio = ({ params }: { params: Record<string, string> }) => ({ anio: params.year });

export const rutas: readonly RutaRest[] = [
  {
    metodo: 'POST',
    ruta: '/api/alumnos/inscripcion/gimnasia',
    procedimiento: 'gimnasia.elegir',
    resumen:
      'El alumno de 5° año elige tres opciones distintas de 1 a 12 { opcion1, opcion2, opcion3 } (también como formulario). Repetidas o menos de tres: 400; no es de 5°: 403; ya publicada la asignación: 412.',
  },
  {
    metodo: 'GET',
    ruta: '/api/migimnasia',
    procedimiento: 'gimnasia.mia',
    resumen:
      'El alumno: si puede elegir (5° año), las 12 opciones con horario y cupo, lo que eligió y, publicada la asignación, la opción que le tocó.',
    entrada: nada,
  },
  {
    metodo: 'GET',
    ruta: '/api/gimnasia/{year}',
    procedimiento: 'gimnasia.vista',
    resumen:
      'El personal: por opción, quiénes la eligieron 1ª, 2ª y 3ª y, si se asignó, quiénes la tienen; la semilla y si se publicó.',
    entrada: delAnio,
    parametros: ANIO,
  },
  {
    metodo: 'GET',
    ruta: '/api/gimnasia/{year}/csv',
    procedimiento: 'gimnasia.csv',
    resumen: 'Las elecciones (y la opción asignada) del ciclo en CSV: { nombre, contenido }.',
    entrada: delAnio,
    parametros: ANIO,
  },
  {
    metodo: 'POST',
    ruta: '/api/gimnasia/{year}/asignar',
    procedimiento: 'gimnasia.asignar',
    resumen:
      'Regente o Admin asigna: a cada alumno, en un orden al azar con semilla guardada, su opción mejor rankeada con cupo. Publicada: 412.',
    entrada: delAnio,
    parametros: ANIO,
  },
  {
    metodo: 'POST',
    ruta: '/api/gimnasia/{year}/publicar',
    procedimiento: 'gimnasia.publicar',
    resumen: 'Regente o Admin publica la asignación: los alumnos ven la opción que les tocó.',
    entrada: delAnio,
    parametros: ANIO,
  },
];
