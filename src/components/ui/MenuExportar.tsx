'use client';
import { Button, Menu } from '@mantine/core';
import {
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileText,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { ListaExportable } from '@/server/api/exportaciones';
import { avisar } from './avisos';

export type FormatoExportacion = 'xlsx' | 'csv';

const SIN_CONEXION = 'No se pudo conectar con el servidor. Revise la conexión e intente de nuevo.';

/** La dirección de la exportación: /api/exportar/{lista}?formato=…&… (sin los parámetros vacíos). */
export function direccionExportacion(
  lista: ListaExportable,
  formato: FormatoExportacion,
  parametros: Record<string, string | number | null | undefined>,
): string {
  const q = new URLSearchParams({ formato });
  for (const [k, v] of Object.entries(parametros)) if (v != null && v !== '') q.set(k, String(v));
  return `/api/exportar/${lista}?${q}`;
}

/** El nombre del archivo que manda el servidor (`filename*` de Content-Disposition). */
function nombreDeRespuesta(r: Response, porDefecto: string): string {
  const m = /filename\*=UTF-8''([^;]+)/.exec(r.headers.get('content-disposition') ?? '');
  try {
    return m ? decodeURIComponent(m[1]!) : porDefecto;
  } catch {
    return porDefecto;
  }
}

/** Baja el archivo: si el servidor responde un error, lanza su mensaje en castellano. */
async function descargar(url: string, porDefecto: string): Promise<void> {
  let r: Response;
  try {
    r = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new Error(SIN_CONEXION);
  }
  if (!r.ok) {
    const cuerpo = (await r.json().catch(() => null)) as { message?: string } | null;
    throw new Error(cuerpo?.message ?? SIN_CONEXION);
  }
  const enlace = URL.createObjectURL(await r.blob());
  const a = document.createElement('a');
  a.href = enlace;
  a.download = nombreDeRespuesta(r, porDefecto);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(enlace), 1000);
}

/**
 * "Exportar" (issue 34 §2): un menú con "Excel (.xlsx)" y "CSV" que baja la lista que se ve, con
 * los mismos parámetros que la pantalla le pasa a su procedimiento (`parametros`). El archivo lo
 * arma el servidor (/api/exportar/{lista}, src/server/api/exportar.ts): el acceso y el alcance
 * son los de la pantalla. Mientras baja, el botón muestra que trabaja; si falla, el aviso rojo
 * "No se pudo exportar" con el mensaje del servidor.
 */
export function MenuExportar({
  lista,
  parametros,
  deshabilitado = false,
  variant = 'default',
}: {
  lista: ListaExportable;
  parametros: Record<string, string | number | null | undefined>;
  deshabilitado?: boolean;
  variant?: 'default' | 'light' | 'subtle';
}) {
  const [exportando, setExportando] = useState(false);
  const exportar = async (formato: FormatoExportacion) => {
    setExportando(true);
    try {
      await descargar(direccionExportacion(lista, formato, parametros), `${lista}.${formato}`);
    } catch (e) {
      avisar({
        color: 'red',
        title: 'No se pudo exportar',
        message: e instanceof Error ? e.message : SIN_CONEXION,
      });
    } finally {
      setExportando(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant={variant}
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={exportando}
          disabled={deshabilitado}
        >
          Exportar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={() => void exportar('xlsx')}
        >
          Excel (.xlsx)
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileText size={16} aria-hidden />}
          onClick={() => void exportar('csv')}
        >
          CSV
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
