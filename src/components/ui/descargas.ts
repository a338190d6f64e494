'use client';
import { useState } from 'react';
import { avisar } from './avisos';
import { mensajeDeError } from './errores';

/** Descarga un texto como archivo (los CSV que devuelve el servidor). */
export function descargarTexto(nombre: string, contenido: string, tipo = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([contenido], { type: `${tipo};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * "Exportar CSV": pide el archivo al servidor (`obtener`) y lo descarga; `exportando` mientras
 * tanto (el botón muestra que trabaja) y, si falla, el aviso en rojo "No se pudo exportar" con el
 * mensaje del servidor. `obtener` pide con `{ staleTime: 0 }`: el cliente guarda las consultas 30 s
 * y un segundo "Exportar CSV" bajaría el archivo viejo.
 */
export function useExportar(obtener: () => Promise<{ nombre: string; contenido: string }>) {
  const [exportando, setExportando] = useState(false);
  const exportar = async () => {
    setExportando(true);
    try {
      const archivo = await obtener();
      descargarTexto(archivo.nombre, archivo.contenido);
    } catch (e) {
      avisar({ color: 'red', title: 'No se pudo exportar', message: mensajeDeError(e) });
    } finally {
      setExportando(false);
    }
  };
  return { exportando, exportar };
}
