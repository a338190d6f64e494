import 'server-only';
import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import { escaparHtml } from '@/components/ui/escapar-html';
import {
  IconAddressBook,
  IconAlertTriangle,
  IconArrowBackUp,
  IconBallFootball,
  IconBell,
  IconBook,
  IconCalendar,
  IconCalendarCheck,
  IconCertificate,
  IconChevronDown,
  IconChalkboard,
  IconClipboardCheck,
  IconClipboardList,
  IconClipboardText,
  IconClock,
  IconFileImport,
  IconFilePlus,
  IconHome,
  IconId,
  IconLayoutList,
  IconListCheck,
  IconMenu2,
  IconNotebook,
  IconPencil,
  IconProgress,
  IconRun,
  IconSchool,
  IconSpeakerphone,
  IconTable,
  IconUserCheck,
  IconUserCog,
  IconUserEdit,
  IconUserShield,
  IconUserStar,
  IconUsers,
  IconX,
  type Icon,
} from '@tabler/icons-react';

/** Los íconos de los módulos (`sistema_modulos.icono`, spec 02 §2) y los del marco. */
export const ICONOS: Record<string, Icon> = {
  'address-book': IconAddressBook,
  'alert-triangle': IconAlertTriangle,
  'arrow-back-up': IconArrowBackUp,
  'ball-football': IconBallFootball,
  bell: IconBell,
  book: IconBook,
  calendar: IconCalendar,
  'calendar-check': IconCalendarCheck,
  certificate: IconCertificate,
  'chevron-down': IconChevronDown,
  chalkboard: IconChalkboard,
  'clipboard-check': IconClipboardCheck,
  'clipboard-list': IconClipboardList,
  'clipboard-text': IconClipboardText,
  clock: IconClock,
  'file-import': IconFileImport,
  'file-plus': IconFilePlus,
  home: IconHome,
  id: IconId,
  'layout-list': IconLayoutList,
  'list-check': IconListCheck,
  'menu-2': IconMenu2,
  notebook: IconNotebook,
  pencil: IconPencil,
  progress: IconProgress,
  run: IconRun,
  school: IconSchool,
  speakerphone: IconSpeakerphone,
  table: IconTable,
  'user-check': IconUserCheck,
  'user-cog': IconUserCog,
  'user-edit': IconUserEdit,
  'user-shield': IconUserShield,
  'user-star': IconUserStar,
  users: IconUsers,
  x: IconX,
};

/** camelCase de React → el atributo SVG ('strokeWidth' → 'stroke-width'). */
const atributo = (nombre: string) => nombre.replace(/[A-Z]/g, (l) => `-${l.toLowerCase()}`);

/**
 * Los trazos de un ícono de tabler como SVG: el componente es un forwardRef cuyo render arma el
 * `<svg>` con un hijo por trazo; se leen esos hijos (path, circle, line…) sin dibujar con React.
 */
function trazos(I: Icon): string {
  const svg = (I as unknown as { render: (p: object, r: null) => ReactElement }).render({}, null);
  const hijos = (svg.props as { children?: unknown[] }).children ?? [];
  return hijos
    .filter((h): h is ReactElement<Record<string, unknown>> => !!h && typeof h === 'object')
    .map((h) => {
      const attrs = Object.entries(h.props)
        .filter(([, v]) => v != null && typeof v !== 'object')
        .map(([k, v]) => ` ${atributo(k)}="${escaparHtml(String(v))}"`)
        .join('');
      return `<${String(h.type)}${attrs}/>`;
    })
    .join('');
}

let sprite: { svg: string; ruta: string } | null = null;

/**
 * Todos los íconos en un solo archivo SVG (`GET /iconos.svg`, estático: se arma al compilar y el
 * navegador lo guarda). Cada página los referencia con `<use href="/iconos.svg?v=…#nombre">`
 * en lugar de repetir los trazos: el menú y la grilla de inicio tienen decenas de íconos y cada
 * uno viajaba dos veces por pedido (en el HTML y en los datos de React). `v` es el hash del
 * contenido: si un ícono cambia, cambia la dirección.
 */
export function spriteDeIconos(): { svg: string; ruta: string } {
  if (sprite) return sprite;
  const simbolos = Object.entries(ICONOS)
    .map(
      ([nombre, I]) =>
        `<symbol id="${nombre}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round">${trazos(I)}</symbol>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${simbolos}</svg>`;
  const v = createHash('sha256').update(svg).digest('hex').slice(0, 10);
  sprite = { svg, ruta: `/iconos.svg?v=${v}` };
  return sprite;
}

/** El nombre de un ícono del sprite (uno desconocido se muestra como el de inicio). */
export const iconoConocido = (nombre: string) => (Object.hasOwn(ICONOS, nombre) ? nombre : 'home');
