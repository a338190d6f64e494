/** Los marcos de la spec (01 §2 Layouts): personal, simple (sólo el nombre) y alumno. */
export type Variante = 'personal' | 'simple' | 'alumno';
