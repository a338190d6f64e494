/**
 * El informe de una importación (la misma tabla que la vista previa o la aplicación: Fila,
 * Entidad, Acción, Cambios, Motivo/Errores) en .xlsx o .csv, y la planilla modelo de /importar.
 */
import ExcelJS from 'exceljs';
import { archivoCsv } from '@/domain/csv';
import type { Resultado } from '@/domain/importacion/plan';

const TIPOS = {
  alumno: 'Alumno',
  tutor: 'Tutor',
  personal: 'Personal',
  curso: 'Curso',
  vinculo: 'Vínculo',
} as const;
const ACCIONES = {
  crear: 'Crear',
  actualizar: 'Actualizar',
  'sin cambios': 'Sin cambios',
  omitir: 'Omitir',
} as const;

export const COLUMNAS_INFORME = ['Fila', 'Entidad', 'Acción', 'Cambios', 'Motivo/Errores'];

/** Las filas del informe: una por entidad; una fila sin entidades, con sus errores. */
export function filasDelInforme(r: Resultado): (string | number)[][] {
  const filas: (string | number)[][] = [];
  for (const f of r.filas) {
    const errores = f.errores.map((e) => e.mensaje).join(' ');
    if (!f.entidades.length) filas.push([f.fila, '', ACCIONES.omitir, '', errores]);
    for (const e of f.entidades) {
      const cambios = e.cambios
        .map((c) =>
          c.antes ? `${c.campo}: ${c.antes} → ${c.despues}` : `${c.campo}: ${c.despues}`,
        )
        .join('; ');
      const motivo = [e.motivo, errores, e.aviso].filter(Boolean).join(' ');
      filas.push([f.fila, `${TIPOS[e.tipo]}: ${e.etiqueta}`, ACCIONES[e.accion], cambios, motivo]);
    }
  }
  return filas;
}

export function informeCsv(r: Resultado): string {
  return archivoCsv(COLUMNAS_INFORME, filasDelInforme(r));
}

export async function informeXlsx(r: Resultado, titulo: string): Promise<Uint8Array> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Informe');
  hoja.columns = [
    { header: 'Fila', width: 8 },
    { header: 'Entidad', width: 45 },
    { header: 'Acción', width: 14 },
    { header: 'Cambios', width: 60 },
    { header: 'Motivo/Errores', width: 60 },
  ];
  hoja.getRow(1).font = { bold: true };
  for (const f of filasDelInforme(r)) hoja.addRow(f);
  const c = r.cuentas;
  const resumen = libro.addWorksheet('Resumen');
  resumen.addRows([
    ['Archivo', titulo],
    ['Crear', c.crear],
    ['Actualizar', c.actualizar],
    ['Sin cambios', c.sinCambios],
    ['Omitir', c.omitir],
    ['Filas con errores', c.errores],
  ]);
  return new Uint8Array(await libro.xlsx.writeBuffer());
}

const NOTAS = [
  'Cómo completar la planilla modelo',
  '',
  'Se importa una hoja por vez: la primera que tenga datos (esta hoja de notas no se importa). Para importar el personal o los cursos, suba un archivo con esa hoja primera, o borre las hojas anteriores.',
  'La primera fila de cada hoja es el encabezado. Los nombres de las columnas pueden cambiar: en /importar se elige el campo de cada columna.',
  'Alumnos: se reconocen por DNI (con o sin puntos). Si el DNI ya existe, se actualizan los datos que la planilla trae; las celdas vacías no borran nada (salvo que se marque "Vaciar los campos que la planilla deja vacíos").',
  'Curso: año y división como "3° 2ª", o año y especialidad como "5° Electrónica". El curso debe existir (o estar en la hoja Cursos).',
  'Tutores: Tutor 1 y Tutor 2 de cada alumno. Se reconocen por email; el mismo tutor de dos hermanos se carga una sola vez. El vínculo con el alumno queda confirmado.',
  'Personal: se reconoce por email. Roles separados por comas, como los muestra el portal (Docente, Preceptor, Jefe de Departamento, Jefe de Preceptores, Regente, Alumnado, Administrador, Coordinador). A quien ya existe se le agregan roles, nunca se le quitan.',
  'Fechas: dd/mm/aaaa (por ejemplo 15/03/2010) o una celda con formato de fecha.',
  'Teléfonos: código de área y número, por ejemplo 341 5551234.',
  'Género: Masculino, Femenino, Otro o Sin decidir. Exalumno: Sí o No.',
  'Antes de aplicar, la vista previa muestra qué pasará con cada fila. Nada se borra, y la última importación se puede deshacer mientras nadie haya cambiado lo que importó.',
];

/** La planilla modelo: alumnos y tutores, personal, cursos (con un ejemplo cada una) y notas. */
export async function planillaModelo(): Promise<Uint8Array> {
  const libro = new ExcelJS.Workbook();
  const hoja = (nombre: string, encabezados: string[], ejemplo: (string | Date)[]) => {
    const h = libro.addWorksheet(nombre);
    h.addRow(encabezados).font = { bold: true };
    h.addRow(ejemplo);
    h.columns.forEach((c) => (c.width = 22));
    return h;
  };
  const alumnos = hoja(
    'Alumnos y tutores',
    [
      'Apellido',
      'Nombre',
      'DNI',
      'Género',
      'Fecha de nacimiento',
      'Email',
      'Teléfono',
      'Curso',
      'Tutor 1 Apellido',
      'Tutor 1 Nombre',
      'Tutor 1 Email',
      'Tutor 1 Teléfono',
      'Tutor 1 Exalumno',
      'Tutor 2 Apellido',
      'Tutor 2 Nombre',
      'Tutor 2 Email',
      'Tutor 2 Teléfono',
      'Tutor 2 Exalumno',
    ],
    [
      'Pérez',
      'Ana',
      '45.123.456',
      'Femenino',
      new Date(Date.UTC(2012, 2, 15)),
      '',
      '341 5551234',
      '3° 2ª',
      'Gómez',
      'Laura',
      'laura.gomez@gmail.com',
      '341 5559876',
      'No',
      'Pérez',
      'Luis',
      'luis.perez@gmail.com',
      '',
      'Sí',
    ],
  );
  alumnos.getColumn(5).numFmt = 'dd/mm/yyyy';
  hoja(
    'Personal',
    ['Apellido', 'Nombre', 'Email', 'Teléfono', 'Roles'],
    ['García', 'Eva', 'eva.garcia@gmail.com', '341 5554321', 'Docente, Preceptor'],
  );
  hoja('Cursos', ['Año', 'División', 'Especialidad'], ['5', '2', 'Electrónica']);
  const notas = libro.addWorksheet('Notas');
  notas.getColumn(1).width = 120;
  for (const n of NOTAS) notas.addRow([n]).alignment = { wrapText: true };
  notas.getRow(1).font = { bold: true };
  return new Uint8Array(await libro.xlsx.writeBuffer());
}
