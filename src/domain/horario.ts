/**
 * La semana de la escuela (spec 01 §2 Timetables, §9): 16 bloques por día, de lunes a sábado,
 * de 07:30 a 18:50.
 */
export const BLOQUES_POR_DIA = 16;
export const DIAS_DE_LA_SEMANA = 6;
export const HORA_INICIO = '07:30';
export const HORA_FIN = '18:50';
