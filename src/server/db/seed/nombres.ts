/**
 * Los nombres de la escuela de demostración: apellidos y nombres frecuentes en Rosario, de
 * alumnos y de adultos, y cómo se vuelven direcciones de correo.
 */
import { sinAcentos } from '@/domain/texto';

// prettier-ignore
export const APELLIDOS = [
  'González', 'Rodríguez', 'Gómez', 'Fernández', 'López', 'Díaz', 'Martínez', 'Pérez', 'García',
  'Sánchez', 'Romero', 'Sosa', 'Torres', 'Álvarez', 'Ruiz', 'Ramírez', 'Flores', 'Benítez',
  'Acosta', 'Medina', 'Herrera', 'Suárez', 'Aguirre', 'Giménez', 'Gutiérrez', 'Pereyra', 'Rojas',
  'Molina', 'Castro', 'Ortiz', 'Silva', 'Núñez', 'Luna', 'Juárez', 'Cabrera', 'Ríos', 'Ferreyra',
  'Godoy', 'Morales', 'Domínguez', 'Moreno', 'Peralta', 'Vega', 'Carrizo', 'Quiroga', 'Castillo',
  'Ledesma', 'Muñoz', 'Ojeda', 'Ponce', 'Vera', 'Vázquez', 'Villalba', 'Cardozo', 'Navarro',
  'Ramos', 'Arias', 'Coronel', 'Córdoba', 'Figueroa', 'Correa', 'Cáceres', 'Vargas', 'Maldonado',
  'Mansilla', 'Farías', 'Rivero', 'Paz', 'Miranda', 'Roldán', 'Méndez', 'Lucero', 'Cruz',
  'Hernández', 'Agüero', 'Páez', 'Blanco', 'Mendoza', 'Barrios', 'Escobar', 'Ávila', 'Soria',
  'Bianchi', 'Rossi', 'Ferrari', 'Russo', 'Romano', 'Colombo', 'Bruno', 'Gallo', 'Costa',
  'Marino', 'Greco', 'Lombardi', 'Rinaldi', 'Fontana', 'Caruso', 'Mancini', 'Ricci', 'Galli',
  'Martini', 'Conti', 'Moretti', 'Bertolotti', 'Zanetti', 'Pagani', 'Gardella', 'Toledo', 'Bustos',
] as const;

// prettier-ignore
export const NOMBRES_VARONES = [
  'Santiago', 'Mateo', 'Thiago', 'Benjamín', 'Joaquín', 'Tomás', 'Lautaro', 'Valentín', 'Agustín',
  'Facundo', 'Nicolás', 'Juan Cruz', 'Ignacio', 'Francisco', 'Bautista', 'Lucas', 'Felipe',
  'Máximo', 'Bruno', 'Gonzalo', 'Ramiro', 'Franco', 'Lisandro', 'Gael', 'Ezequiel', 'Julián',
  'Emiliano', 'Santino', 'Ian', 'Dylan', 'Matías', 'Alejo', 'Tobías', 'Simón', 'Lorenzo',
  'Juan Ignacio', 'Leandro', 'Marcos', 'Martín', 'Gabriel', 'Luciano', 'Federico', 'Germán',
] as const;

// prettier-ignore
export const NOMBRES_MUJERES = [
  'Valentina', 'Sofía', 'Martina', 'Catalina', 'Emma', 'Mía', 'Lucía', 'Julieta', 'Camila',
  'Abril', 'Delfina', 'Agustina', 'Milagros', 'Micaela', 'Florencia', 'Victoria', 'Paula',
  'Morena', 'Guadalupe', 'Renata', 'Antonella', 'Josefina', 'Candela', 'Brisa', 'Zoe',
  'Isabella', 'Malena', 'Sol', 'Luz', 'Bianca', 'Lara', 'Pilar', 'Juana', 'Ornella', 'Ailén',
  'Jazmín', 'Rocío', 'Clara', 'Olivia', 'Alma',
] as const;

// prettier-ignore
export const NOMBRES_HOMBRES_ADULTOS = [
  'Jorge', 'Carlos', 'Daniel', 'Marcelo', 'Sergio', 'Gustavo', 'Diego', 'Pablo', 'Fernando',
  'Alejandro', 'Claudio', 'Javier', 'Hernán', 'Walter', 'Cristian', 'Sebastián', 'Gabriel',
  'Mariano', 'Rubén', 'Raúl', 'Eduardo', 'Hugo', 'Oscar', 'Guillermo', 'Darío', 'Fabián',
  'Leonardo', 'Luciano', 'Maximiliano', 'Damián', 'Andrés', 'Martín', 'Esteban', 'Gerardo',
] as const;

// prettier-ignore
export const NOMBRES_MUJERES_ADULTAS = [
  'María José', 'Carolina', 'Andrea', 'Silvina', 'Marcela', 'Verónica', 'Mariana', 'Laura',
  'Gabriela', 'Natalia', 'Lorena', 'Paola', 'Claudia', 'Romina', 'Valeria', 'Soledad', 'Cecilia',
  'Alejandra', 'Vanesa', 'Daniela', 'Fernanda', 'Luciana', 'Florencia', 'Analía', 'Mónica',
  'Sandra', 'Patricia', 'Silvia', 'Graciela', 'Viviana', 'Eugenia', 'Betina', 'Noelia',
] as const;

/** Para direcciones de correo: sin tildes ni espacios, en minúsculas. */
export function paraCorreo(texto: string): string {
  return sinAcentos(texto).replace(/[^a-z0-9]/g, '');
}
