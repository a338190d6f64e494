/**
 * La lista exportable de usuarios (issue 34 §2): el personal de /usuarios con la búsqueda de la
 * pantalla y los encabezados que la importación (/importar) reconoce, los roles como los muestra
 * el portal separados por comas: el archivo se vuelve a importar tal cual. Los usuarios no
 * tienen DNI en el portal: no hay columna DNI (estaría siempre vacía). "Habilitado" es
 * informativa (la importación no la lee). Llama al procedimiento de la lista página por página.
 */
import { ETIQUETA_ROL } from '@/domain/roles';
import { exportacion } from '@/server/api/exportar-tipos';
import { planilla } from '@/server/exportacion/planilla';

export const exportaciones = {
  /** /usuarios: ?q= (y ?limit=, el tamaño de cada página pedida). */
  usuarios: exportacion({
    procedimiento: 'usuarios.listar',
    paginada: true,
    resumen: 'Los usuarios del personal: apellido, nombre, email, teléfono y roles (reimportable).',
    entrada: (q) => ({ q: q.q || undefined, limit: q.limit || undefined }),
    archivo: ({ items }) => ({
      nombre: 'usuarios',
      planilla: planilla<(typeof items)[number]>({
        hoja: 'Usuarios',
        filas: items,
        columnas: [
          { titulo: 'Apellido', tipo: 'texto', valor: (u) => u.apellido },
          { titulo: 'Nombre', tipo: 'texto', valor: (u) => u.nombre },
          { titulo: 'Email', tipo: 'texto', valor: (u) => u.email },
          { titulo: 'Teléfono', tipo: 'texto', valor: (u) => u.telefono },
          {
            titulo: 'Roles',
            tipo: 'texto',
            valor: (u) => u.roles.map((r) => ETIQUETA_ROL[r]).join(', '),
          },
          { titulo: 'Habilitado', tipo: 'texto', valor: (u) => (u.habilitado ? 'Sí' : 'No') },
        ],
      }),
    }),
  }),
};
