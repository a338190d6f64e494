'use client';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { avisar } from '@/components/ui/avisos';
import { cambiarRol, elegirCiclo, elegirHijo } from './acciones';
import type { Variante } from './variante';
import css from './marco.module.css';

interface Props {
  variante: Variante;
  rol: number;
  /** Los roles del usuario con su nombre, en el orden del selector. */
  roles: { valor: number; etiqueta: string }[];
  ciclo: number;
  ciclos: number[];
  hijos: { valor: number; etiqueta: string }[];
  hijo: number | null;
}

/**
 * Los selectores de la barra (spec 01 §2 Layouts): ciclo lectivo y rol para el personal; alumno
 * (y rol, si tiene más de uno) para alumnos y referentes. Listas nativas del navegador: cada
 * cambio es una acción de servidor que guarda la elección y vuelve a pedir la página.
 */
export function Selectores(p: Props) {
  const router = useRouter();
  const [pendiente, iniciar] = useTransition();
  const ejecutar = (accion: () => Promise<{ error?: string } | void>) =>
    iniciar(async () => {
      const r = await accion();
      if (r && r.error) avisar({ color: 'red', title: 'No se pudo cambiar', message: r.error });
      else router.refresh();
    });

  const rol = p.roles.length > 0 && (
    <select
      aria-label="Rol"
      className={css.selector}
      style={{ width: 190 }}
      disabled={pendiente}
      value={String(p.rol)}
      onChange={(e) => {
        const v = Number(e.currentTarget.value);
        if (v !== p.rol) ejecutar(() => cambiarRol(v));
      }}
    >
      {p.roles.map((r) => (
        <option key={r.valor} value={r.valor}>
          {r.etiqueta}
        </option>
      ))}
    </select>
  );
  if (p.variante === 'personal')
    return (
      <>
        <select
          aria-label="Ciclo lectivo"
          className={css.selector}
          style={{ width: 90 }}
          disabled={pendiente}
          value={String(p.ciclo)}
          onChange={(e) => {
            const v = Number(e.currentTarget.value);
            ejecutar(() => elegirCiclo(v));
          }}
        >
          {[...p.ciclos].reverse().map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {rol}
      </>
    );
  if (p.variante === 'alumno')
    return (
      <>
        {p.hijos.length > 0 && (
          <select
            aria-label="Alumno"
            className={css.selector}
            style={{ width: 250 }}
            disabled={pendiente || p.hijos.length === 1}
            value={p.hijo ? String(p.hijo) : undefined}
            onChange={(e) => {
              const v = Number(e.currentTarget.value);
              ejecutar(() => elegirHijo(v));
            }}
          >
            {p.hijos.map((h) => (
              <option key={h.valor} value={h.valor}>
                {h.etiqueta}
              </option>
            ))}
          </select>
        )}
        {p.roles.length > 1 && rol}
      </>
    );
  return null;
}
