/**
 * La tabla de acceso del portal (DESIGN §6): qué rol activo puede llamar a cada procedimiento
 * (los módulos que abre cada rol están en src/domain/modulos.ts). La leen `/api/permissions`
 * y los constructores de procedimientos. Lo que no está en la tabla está prohibido.
 */
import { ALUMNO_Y_REFERENTE, PERSONAL } from '@/domain/modulos';
import { Rol, type RolBit } from '@/domain/roles';
// Sólo el tipo (no hay ciclo en ejecución: trpc.ts importa este archivo y arma los routers).
import type { RutaProcedimiento } from '@/server/api/root';

const {
  Docente,
  Admin,
  Preceptor,
  JefeDepartamento,
  JefePreceptor,
  Regente,
  Alumno,
  Alumnado,
  ReferenteParental,
  Coordinador,
} = Rol;

/** Autenticado con cualquier rol activo. */
export const AUTENTICADO = 'autenticado' as const;
/**
 * Sin sesión: sólo lo que lleva su propio secreto en la entrada (la dirección privada del
 * calendario personal). Lo llama `procedimientoPublico`; el secreto lo valida el servicio.
 */
export const PUBLICO = 'publico' as const;
export type Acceso = readonly RolBit[] | typeof AUTENTICADO | typeof PUBLICO;

const ALUMNOS_STAFF: readonly RolBit[] = [Preceptor, JefePreceptor, Regente, Alumnado, Admin];
/** Quienes planifican materias y cursados (/planificacion). */
const GIMNASIA: readonly RolBit[] = [Regente, Admin, Alumnado, JefePreceptor];
/** Quienes escriben comunicados (issue 35 §4). */
const AUTORES_COMUNICADOS: readonly RolBit[] = [
  Regente,
  Alumnado,
  Admin,
  JefePreceptor,
  Preceptor,
  Docente,
];
const MESAS: readonly RolBit[] = [Alumnado, Admin, JefeDepartamento, Docente];
const PLANIFICAN: readonly RolBit[] = [Admin, Regente, Alumnado];
/** Quienes asignan personal: docentes, coordinadores, preceptores. */
const ASIGNAN: readonly RolBit[] = [Admin, Regente, JefeDepartamento, JefePreceptor, Alumnado];
/** Quienes abren alguna de las planillas de notas (/notas y sus variantes). */
const NOTAS_LECTURA: readonly RolBit[] = [
  Docente,
  Preceptor,
  JefePreceptor,
  JefeDepartamento,
  Coordinador,
  Regente,
  Admin,
  Alumnado,
];

/**
 * Quién puede llamar a cada procedimiento tRPC (por su ruta `modulo.procedimiento`).
 * El alcance de los datos (qué filas) lo deciden los servicios. La comprueba el compilador
 * (`satisfies Record<RutaProcedimiento, Acceso>`): un procedimiento de `appRouter` sin fila, o una
 * fila mal escrita o de un procedimiento que ya no existe, no compila. Hacia afuera se lee por una
 * ruta cualquiera (la del pedido): lo que no está, prohibido.
 */
export const PROCEDIMIENTOS: Readonly<Record<string, Acceso>> = {
  'sesion.estado': AUTENTICADO,
  'sesion.permisos': AUTENTICADO,
  'sesion.sysconfig': AUTENTICADO,
  'sesion.configuracion': AUTENTICADO,
  'sesion.hijos': [ReferenteParental],
  'usuarios.yo': AUTENTICADO,
  'usuarios.listar': [Admin],
  'usuarios.obtener': [Admin],
  'usuarios.guardar': [Admin],
  'cursos.listar': PERSONAL,
  'cursos.delPreceptor': [Preceptor, JefePreceptor, Regente, Alumnado, Admin],
  'cursos.delDepartamento': [JefeDepartamento],
  'cursos.delCoordinador': [Coordinador],
  'departamentos.listar': PERSONAL,
  'buscar.cursos': PERSONAL,
  'buscar.alumnos': PERSONAL,
  'buscar.referentes': ALUMNOS_STAFF,
  'buscar.materias': PERSONAL,
  'buscar.cursados': PERSONAL,
  'buscar.preceptores': [JefePreceptor, Regente, Admin],
  'buscar.docentes': [Admin, Regente, JefeDepartamento, Alumnado],
  'buscar.coordinadores': [Admin, Regente],
  // Los usuarios con un rol, para asignarles cursados, cursos o materias (GET /api/usuario/{a}/{b}).
  'usuarios.porRol': ASIGNAN,
  // Alumnos y referentes: /alumnos (Preceptor: sus cursos) y /alumnos-privileged (Alumnado,
  // Admin: habilitado, curso, inscripciones, promoción); legajo para todo el personal;
  // /referentes y /referentes-protected (contactos por curso); /api/mishijos del referente.
  'alumnos.listar': ALUMNOS_STAFF,
  'alumnos.base': ALUMNOS_STAFF,
  'alumnos.obtener': ALUMNOS_STAFF,
  'alumnos.legajo': PERSONAL,
  'alumnos.crear': ALUMNOS_STAFF,
  'alumnos.editar': ALUMNOS_STAFF,
  'alumnos.cursados': ALUMNOS_STAFF,
  'alumnos.habilitar': [Alumnado, Admin],
  'alumnos.vincularCurso': [Alumnado, Admin],
  'alumnos.desinscribir': [Alumnado, Admin],
  // Códigos de vinculación (issue 31 §1): quien ve al alumno en /alumnos (un preceptor, sus cursos).
  'alumnos.codigo': ALUMNOS_STAFF,
  'alumnos.regenerarCodigo': ALUMNOS_STAFF,
  'alumnos.desbloquearCodigo': ALUMNOS_STAFF,
  'alumnos.codigosDelCurso': ALUMNOS_STAFF,
  'alumnos.codigosBloqueados': ALUMNOS_STAFF,
  'cursados.inscripciones': [Alumnado, Admin],
  'cursos.alumnos': ALUMNOS_STAFF,
  'cursos.cursados': ALUMNOS_STAFF,
  'cursos.promover': [Alumnado, Admin],
  'referentes.listar': ALUMNOS_STAFF,
  'referentes.delAlumno': ALUMNOS_STAFF,
  'referentes.porCurso': ALUMNOS_STAFF,
  'referentes.crear': ALUMNOS_STAFF,
  'referentes.guardar': [...ALUMNOS_STAFF, ReferenteParental],
  // El referente parental, sólo vínculos propios (inscripción anual).
  'referentes.vincular': [...ALUMNOS_STAFF, ReferenteParental],
  // Confirmar el vínculo que declaró un referente (el preceptor, sólo de sus cursos).
  'referentes.confirmar': ALUMNOS_STAFF,
  'referentes.mishijos': [ReferenteParental],
  // Asistencias y reincorporaciones: /asistencias (completo) y /asistencias-protected
  // (Preceptor: sus cursos, 15 días atrás, por curso); planillón; legajo; vistas externas.
  'asistencias.planilla': [Preceptor, JefePreceptor, Regente, Alumnado, Admin],
  'asistencias.guardarPlanilla': [Preceptor, JefePreceptor, Regente, Alumnado, Admin],
  'asistencias.guardarAlumno': [JefePreceptor, Regente, Alumnado, Admin],
  'asistencias.reporte': [Preceptor, JefePreceptor, Regente, Alumnado, Admin],
  'asistencias.delAlumno': PERSONAL,
  'asistencias.mias': ALUMNO_Y_REFERENTE,
  'reincorporaciones.listar': [...PERSONAL, ...ALUMNO_Y_REFERENTE],
  'reincorporaciones.reincorporar': [JefePreceptor, Regente, Alumnado, Admin],
  // Medidas disciplinarias: /medidas (completo) y /medidas-protected (Preceptor: sin editar
  // ni borrar); legajo para el personal; vistas externas; planillón en modo medidas.
  'medidas.nueva': [Preceptor, JefePreceptor, Regente, Admin],
  'medidas.editar': [JefePreceptor, Regente, Admin],
  'medidas.borrar': [JefePreceptor, Regente, Admin],
  'medidas.delAlumno': PERSONAL,
  'medidas.mias': ALUMNO_Y_REFERENTE,
  'medidas.reporte': [Preceptor, JefePreceptor, Regente, Alumnado, Admin],
  // Inscripción anual (spec 02): el referente inscribe a sus hijos; la ficha médica la ven el
  // alumno, su referente y el personal que lo cuida (auditado); el seguimiento, Alumnado.
  'inscripcion.mishijos': [ReferenteParental],
  'inscripcion.buscarHijos': [ReferenteParental],
  'inscripcion.vincularme': [ReferenteParental],
  'inscripcion.inscribir': [ReferenteParental],
  'inscripcion.declararIngles': [ReferenteParental],
  'inscripcion.datos': [
    Alumno,
    ReferenteParental,
    Preceptor,
    JefePreceptor,
    Regente,
    Alumnado,
    Admin,
  ],
  'inscripcion.mia': [Alumno],
  'inscripcion.comprobante': [ReferenteParental, Alumnado, Admin],
  'inscripcion.listar': [Alumnado, Admin],
  'inscripcion.csv': [Alumnado, Admin],
  'inscripcion.revisar': [Alumnado, Admin],
  // La cuota de la cooperadora de cada ciclo (spec 02 §9): la ve el referente en la inscripción
  // y la configura Admin en /inscripciones/cooperadora.
  'inscripcion.cooperadora': [ReferenteParental, Admin],
  'inscripcion.guardarCooperadora': [Admin],
  // Reglamentos (alumno y referente) y autorizaciones por hijo (referente).
  'reglamentos.listar': ALUMNO_Y_REFERENTE,
  'reglamentos.autorizaciones': [ReferenteParental],
  'reglamentos.pendientes': AUTENTICADO,
  'reglamentos.responder': ALUMNO_Y_REFERENTE,
  'reglamentos.responderAutorizacion': [ReferenteParental],
  // Perfil del alumno: lo edita él mismo; la foto, también sus referentes y el personal.
  'perfil.propio': [Alumno],
  'perfil.actualizar': [Alumno],
  'perfil.foto': [...PERSONAL, ...ALUMNO_Y_REFERENTE],
  // Notas (spec 02 §2 Grade sheets, §7): la planilla la leen el docente (sus cursados), -readonly
  // (Preceptor: sus cursos; JefePreceptor), -supervisor (JefeDepartamento y Coordinador: sus
  // materias), -hypervisor (Regente, Admin) y -privileged (Alumnado); cargan y cierran el docente
  // y Alumnado; sólo Alumnado reabre. Libretas: el personal (con su alcance) y las propias.
  'notas.cursados': NOTAS_LECTURA,
  'notas.planilla': NOTAS_LECTURA,
  'notas.guardar': [Docente, Alumnado],
  'notas.cerrar': [Docente, Alumnado],
  'notas.reabrir': [Alumnado],
  'notas.libreta': PERSONAL,
  'notas.mias': ALUMNO_Y_REFERENTE,
  'notas.reporte': [
    Preceptor,
    JefePreceptor,
    Regente,
    Alumnado,
    Admin,
    JefeDepartamento,
    Coordinador,
  ],
  // Planificación (spec 02 §2 /planificacion, /alumnos-cursados, /docentes, /coordinadores,
  // /preceptores): materias y cursados de cada ciclo y quién enseña, coordina o cuida qué. La
  // oferta se lee con el alcance del rol (un docente, sus cursados; un jefe de departamento, los
  // de su departamento); la escriben Admin, Regente y Alumnado.
  'materias.listar': PERSONAL,
  'materias.obtener': PERSONAL,
  'materias.planes': PERSONAL,
  'materias.crear': PLANIFICAN,
  'materias.editar': PLANIFICAN,
  'materias.borrar': PLANIFICAN,
  'materias.csv': PLANIFICAN,
  'materias.importarVista': PLANIFICAN,
  'materias.importar': PLANIFICAN,
  'materias.delDepartamento': [JefeDepartamento],
  'materias.delCoordinador': [Coordinador, Admin, Regente],
  'materias.guardarCoordinador': [Admin, Regente],
  'materias.alumnos': [Alumnado, Admin],
  'cursados.listar': [...PLANIFICAN, JefeDepartamento],
  'cursados.obtener': PERSONAL,
  'cursados.mios': PERSONAL,
  'cursados.crear': PLANIFICAN,
  'cursados.editar': PLANIFICAN,
  'cursados.borrar': PLANIFICAN,
  'cursados.guardarMaterias': PLANIFICAN,
  'cursados.guardarCursos': PLANIFICAN,
  'cursados.horas': PLANIFICAN,
  'cursados.csv': PLANIFICAN,
  'cursados.planReplicacion': PLANIFICAN,
  'cursados.replicar': PLANIFICAN,
  'cursados.autoinscribir': PLANIFICAN,
  'cursados.docentes': [Admin, Regente, JefeDepartamento, Alumnado],
  'cursados.delDocente': [Admin, Regente, JefeDepartamento, Alumnado, Docente],
  'cursados.asignarDocentes': [Admin, Regente, JefeDepartamento, Alumnado],
  'cursados.inscripcionesDe': [Alumnado, Admin],
  'cursos.vincularPreceptor': [JefePreceptor, Regente, Admin],
  // Horarios (spec 01 §2 Timetables): /horarios edita (Alumnado, Regente, Admin); la semana de un
  // curso la ve todo el personal (/horarios-readonly); la propia, el alumno y el referente.
  'horarios.delCursado': PERSONAL,
  'horarios.restricciones': PLANIFICAN,
  'horarios.guardar': PLANIFICAN,
  'horarios.delCurso': PERSONAL,
  'horarios.delAlumno': PERSONAL,
  'horarios.mios': ALUMNO_Y_REFERENTE,
  // /mi-horario (issue 32 §5): la semana del docente de la sesión y su calendario (.ics).
  'horarios.miSemana': [Docente],
  'horarios.enlace': [Docente],
  'horarios.nuevoEnlace': [Docente],
  'horarios.quitarEnlace': [Docente],
  'horarios.calendario': PUBLICO,
  // Cronograma (spec 01 §6): el docente escribe el libro y los detalles de sus cursados; el jefe
  // de departamento lee clases y detalles de su departamento; Regente, Coordinador y Admin, sólo
  // los detalles.
  'cronograma.cursados': [Docente, JefeDepartamento, Regente, Coordinador, Admin],
  'cronograma.libro': [Docente, JefeDepartamento],
  'cronograma.escribir': [Docente],
  'cronograma.borrar': [Docente],
  'cronograma.detalles': [Docente, JefeDepartamento, Regente, Coordinador, Admin],
  'cronograma.guardarDetalles': [Docente],
  'cronograma.planificacion': [Docente, JefeDepartamento],
  'cronograma.guardarPlanificacion': [Docente],
  'cronograma.planificaciones': [Docente],
  'cronograma.importar': [Docente],
  'cronograma.exportar': [Docente],
  // Evaluaciones (spec 01 §2, §6): el docente reserva y cancela en sus cursados; el personal de
  // /evaluaciones-readonly ve las próximas (un preceptor, de sus cursos); alumnos y referentes,
  // las suyas; el legajo, todo el personal.
  'evaluaciones.disponibles': [Docente],
  'evaluaciones.reservar': [Docente],
  'evaluaciones.cancelar': [Docente],
  'evaluaciones.proximas': [Preceptor, JefePreceptor, Regente, Alumnado, Admin],
  'evaluaciones.mias': ALUMNO_Y_REFERENTE,
  'evaluaciones.delAlumno': PERSONAL,
  // El calendario personal (issue 14 §10): su dirección privada y el .ics que se lee con ella.
  'evaluaciones.enlace': ALUMNO_Y_REFERENTE,
  'evaluaciones.nuevoEnlace': ALUMNO_Y_REFERENTE,
  'evaluaciones.quitarEnlace': ALUMNO_Y_REFERENTE,
  'evaluaciones.calendario': PUBLICO,
  // Avances (spec 01 §6; issue 15): Docente edita y cierra; JefeDepartamento cierra; Coordinador
  // y Regente leen. El servicio vuelve a exigir el modo de cada rol y el alcance del cursado.
  'avances.instancias': [Docente, JefeDepartamento, Coordinador, Regente],
  'avances.cursados': [Docente, JefeDepartamento, Coordinador, Regente],
  'avances.planilla': [Docente, JefeDepartamento, Coordinador, Regente],
  'avances.instanciar': [Docente],
  'avances.guardar': [Docente],
  'avances.cerrar': [Docente, JefeDepartamento],
  'avances.mias': ALUMNO_Y_REFERENTE,
  // El tablero de pendientes (issue 15 §5).
  'pendientes.tablero': [Regente, Alumnado, JefePreceptor, JefeDepartamento],
  'avances.delAlumno': PERSONAL,
  // El planillón en modo avances (issue 15 §4, §5): los roles del planillón; el Preceptor, sólo
  // sus cursos (el servicio lo exige con el alcance del curso).
  'avances.reporte': [Preceptor, JefePreceptor, Regente, Alumnado, Admin],
  // Mesas de examen (spec 02 §2 Mesas, §7; issue 16). El servicio además limita: Jefe de
  // Departamento, las mesas de su departamento; Docente, las de su tribunal.
  'mesas.lista': MESAS,
  'mesas.detalle': MESAS,
  'mesas.crear': [Alumnado, Admin],
  'mesas.modificar': [Alumnado, Admin],
  'mesas.modificarHorario': [JefeDepartamento],
  'mesas.borrar': [Alumnado, Admin],
  'mesas.guardarMaterias': [Alumnado, Admin],
  'mesas.guardarTribunal': [Alumnado, Admin, JefeDepartamento],
  'mesas.docentes': [Alumnado, Admin, JefeDepartamento],
  'mesas.choques': [Alumnado, Admin, JefeDepartamento],
  'mesas.acta': [Alumnado, Admin, Docente],
  'mesas.guardarActa': [Alumnado, Admin, Docente],
  'mesas.cerrarActa': [Alumnado, Admin, Docente],
  'mesas.candidatos': [Alumnado, Admin],
  'mesas.anotar': [Alumnado, Admin],
  // PIC (spec 02 §2 /pics, §7; spec 01 §7; issue 16): programan y ajustan Alumnado, Admin y el
  // Jefe de Departamento (el servicio: sólo su departamento); la planilla la cargan y cierran el
  // Docente de la materia en el ciclo y Alumnado, y la leen también Admin y el Jefe de
  // Departamento; alumnos y referentes, sus PIC y sus notas de PIC publicadas.
  'pics.delAnio': [Alumnado, Admin, JefeDepartamento],
  'pics.materias': [Alumnado, Admin, JefeDepartamento],
  'pics.crear': [Alumnado, Admin, JefeDepartamento],
  'pics.modificar': [Alumnado, Admin, JefeDepartamento],
  'pics.borrar': [Alumnado, Admin, JefeDepartamento],
  'pics.alumnos': [Alumnado, Admin, JefeDepartamento],
  'pics.ajustar': [Alumnado, Admin, JefeDepartamento],
  'pics.deCursado': [Alumnado, Docente],
  'pics.choques': [Alumnado, Admin, JefeDepartamento],
  'pics.planilla': [Alumnado, Admin, JefeDepartamento, Docente],
  'pics.guardar': [Alumnado, Docente],
  'pics.cerrar': [Alumnado, Docente],
  'pics.mias': ALUMNO_Y_REFERENTE,
  'pics.notasAlumno': ALUMNO_Y_REFERENTE,
  // Jornada cultural y deportiva (spec 02 §2, §7; issue 17 §1): el alumno elige; el personal
  // (no alumnos ni referentes) ve las listas; Regente y Admin administran las actividades.
  'jornada.informacion': [Alumno],
  'jornada.elegir': [Alumno],
  'jornada.vista': PERSONAL,
  'jornada.crear': [Regente, Admin],
  'jornada.modificar': [Regente, Admin],
  'jornada.borrar': [Regente, Admin],
  'jornada.quitarEleccion': [Regente, Admin],
  'jornada.imagen': AUTENTICADO,
  // Gimnasia electiva (spec 02 §2, §7; issue 17 §2): el alumno (de 5°, lo exige el servicio)
  // elige; el personal de la escuela ve y exporta; Regente y Admin asignan y publican.
  'gimnasia.mia': [Alumno],
  'gimnasia.elegir': [Alumno],
  'gimnasia.vista': GIMNASIA,
  'gimnasia.csv': GIMNASIA,
  'gimnasia.asignar': [Regente, Admin],
  'gimnasia.publicar': [Regente, Admin],
  // Herramientas de root (spec 02 §2, §7; issue 17 §3): Admin y, además, el dispositivo de
  // administración (PIDEN_DISPOSITIVO_ADMIN).
  // Avisos (issue 35 §2): la campana, /avisos y /avisos/preferencias, todos los roles; cada uno, sólo
  // los suyos (el servicio usa la sesión). Las preferencias de correo las guarda sólo quien lo
  // recibe (un referente): lo exige el servicio.
  'avisos.noLeidos': AUTENTICADO,
  'avisos.lista': AUTENTICADO,
  'avisos.marcarLeido': AUTENTICADO,
  'avisos.marcarTodos': AUTENTICADO,
  'avisos.preferencias': AUTENTICADO,
  'avisos.guardarPreferencias': AUTENTICADO,
  // La espera de la escuela antes de avisar una inasistencia: la dirección.
  'avisos.ajustesEscuela': [Admin, Regente],
  'avisos.guardarAjustesEscuela': [Admin, Regente],
  'root.reportes': [Admin],
  'root.log': [Admin],
  // Dispositivos de administración (issue 31 §4): Admin con el dispositivo los lista y revoca.
  'root.dispositivos': [Admin],
  'root.revocarDispositivo': [Admin],
  // La escuela es dueña de sus datos (issue 34 §3): la exportación completa, Admin con el
  // dispositivo; el legajo de un alumno, quien ve su legajo completo y su ficha médica (el
  // personal de /alumnos, con su alcance: un preceptor, sus cursos).
  'datos.resumen': [Admin],
  'datos.legajo': ALUMNOS_STAFF,
  // Importar planillas (issue 34 §1): alumnos, tutores, personal y cursos; Alumnado y Admin.
  'importar.subir': [Alumnado, Admin],
  'importar.vista': [Alumnado, Admin],
  'importar.aplicar': [Alumnado, Admin],
  'importar.historial': [Alumnado, Admin],
  'importar.deshacer': [Alumnado, Admin],
  'importar.informe': [Alumnado, Admin],
  'importar.modelo': [Alumnado, Admin],
  // Comunicados (issue 35 §4): los escriben Regente, Alumnado, Admin (escuela, año, curso), Jefe
  // de Preceptores y Preceptor (sus cursos) y Docente (sus cursados); los leen sus destinatarios
  // (el servicio: sólo los dirigidos a ellos). No hay procedimiento para borrar. El registro de
  // envíos (§5), como /root/log.
  'comunicados.opciones': AUTORES_COMUNICADOS,
  'comunicados.publicar': AUTORES_COMUNICADOS,
  'comunicados.editar': AUTORES_COMUNICADOS,
  'comunicados.listar': AUTORES_COMUNICADOS,
  'comunicados.seguimiento': AUTORES_COMUNICADOS,
  'comunicados.mios': ALUMNO_Y_REFERENTE,
  'comunicados.abrir': ALUMNO_Y_REFERENTE,
  'comunicados.confirmar': ALUMNO_Y_REFERENTE,
  'comunicados.adjunto': [...AUTORES_COMUNICADOS, ...ALUMNO_Y_REFERENTE],
  'comunicados.envios': [Admin],
  // Calendario escolar (spec 02 §2, §7): /calendario, toda la escuela.
  'calendario.anio': [Admin, Regente, Alumnado],
  'calendario.guardar': [Admin, Regente, Alumnado],
} satisfies Record<RutaProcedimiento, Acceso>;

/**
 * Los procedimientos que, además del rol, piden el dispositivo de administración (la cookie de
 * /bypass; `ctx.dispositivoAdmin`): los de root. Sin él, 403 aunque el rol sea Admin.
 */
export const PIDEN_DISPOSITIVO_ADMIN: ReadonlySet<string> = new Set<RutaProcedimiento>([
  'root.reportes',
  'root.log',
  'root.dispositivos',
  'root.revocarDispositivo',
  'datos.resumen',
  'comunicados.envios',
]);

export function puedeLlamar(
  procedimiento: string,
  rol: number | null | undefined,
  dispositivoAdmin = false,
): boolean {
  if (PIDEN_DISPOSITIVO_ADMIN.has(procedimiento) && !dispositivoAdmin) return false;
  const acceso = PROCEDIMIENTOS[procedimiento];
  if (acceso === PUBLICO) return true;
  if (!acceso || rol == null) return false;
  if (acceso === AUTENTICADO) return true;
  return (acceso as readonly number[]).includes(rol);
}

/** El módulo al que pertenece una ruta de página (el prefijo más largo). */
