export * from './personas';
export * from './escuela';
export * from './inscripciones';
export * from './sistema';
export * from './vida-escolar';
export * from './inscripcion-anual';
export * from './notas';
export * from './avances';
