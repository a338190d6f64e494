'use client';
import { useEffect, useState } from 'react';
import { BUSQUE_A_SUS_HIJOS, declaracionVinculo } from '@/domain/inscripcion-campos';
import {
  AYUDA_DNI,
  DEMASIADOS_INTENTOS_DNI,
  DNI_INVALIDO,
  DNI_NO_COINCIDE,
  leerDni,
  vinculoPendiente,
} from '@/domain/vinculos';
import { nombreCompleto } from '@/domain/escuela';
import { Campo } from '@/components/campos/Campo';
import campos from '@/components/campos/campos.module.css';
import { avisar } from './avisos';
import { Boton, CampoTexto, useHidratado } from './campos';
import { Dialogo } from '@/components/Dialogo';
import { mensajeDeError } from './errores';
import { IconoBuscar } from './iconos';
import clases from './inscripcion.module.css';
import { consultar, mutar } from './llamar';

interface Candidato {
  orden: number;
  apellido: string;
  nombre: string;
  curso: { nombre: string } | null;
}

/** La espera antes de buscar mientras se escribe (la de `ListaBuscable`, DEMORA_BUSQUEDA_MS). */
const DEMORA_BUSQUEDA_MS = 500;

type Busqueda =
  | { estado: 'lista'; q: string; resultados: Candidato[] }
  | { estado: 'error'; q: string; mensaje: string };

/**
 * Búsqueda de los hijos todavía no vinculados (spec 02 §2): al elegir uno se pide la
 * declaración "Declaro mi vínculo de referente parental de …" con Cancelar y Continuar, y el DNI
 * del alumno (optativo): con él el vínculo queda confirmado; sin él, espera a la escuela.
 */
export function BuscarHijos({ alVincular }: { alVincular: () => void }) {
  const [texto, setTexto] = useState('');
  const [q, setQ] = useState('');
  const [busqueda, setBusqueda] = useState<Busqueda | null>(null);
  const [elegido, setElegidoSolo] = useState<Candidato | null>(null);
  // El DNI del alumno (optativo): prueba el vínculo y lo confirma en el momento.
  const [dni, setDni] = useState('');
  const [errorDni, setErrorDni] = useState<string | null>(null);
  const [vinculando, setVinculando] = useState(false);
  const hidratado = useHidratado();
  const setElegido = (a: Candidato | null) => {
    setElegidoSolo(a);
    setDni('');
    setErrorDni(null);
  };

  useEffect(() => {
    const t = setTimeout(() => setQ(texto.trim()), DEMORA_BUSQUEDA_MS);
    return () => clearTimeout(t);
  }, [texto]);

  useEffect(() => {
    if (q.length < 3) return;
    const control = new AbortController();
    consultar('inscripcion.buscarHijos', { q }, control.signal).then(
      (resultados) => {
        setBusqueda({ estado: 'lista', q, resultados });
      },
      (e: unknown) => {
        if (control.signal.aborted) return;
        setBusqueda({ estado: 'error', q, mensaje: mensajeDeError(e, 'No se pudo buscar.') });
      },
    );
    return () => control.abort();
  }, [q]);

  const continuar = async () => {
    if (!elegido || vinculando) return;
    const numero = leerDni(dni);
    if (Number.isNaN(numero)) return setErrorDni(DNI_INVALIDO);
    setVinculando(true);
    try {
      const r = await mutar('inscripcion.vincularme', { alumno: elegido.orden, dni: numero });
      avisar({
        color: 'green',
        message: r.confirmado
          ? `${nombreCompleto(elegido)} quedó vinculado/a.`
          : vinculoPendiente(nombreCompleto(elegido)),
      });
      setElegido(null);
      setTexto('');
      setQ('');
      setBusqueda(null);
      alVincular();
    } catch (e) {
      const mensaje = mensajeDeError(e, 'No se pudo declarar el vínculo.');
      // Un DNI que no coincide se corrige en el mismo diálogo.
      if (numero !== null && (mensaje === DNI_NO_COINCIDE || mensaje === DEMASIADOS_INTENTOS_DNI))
        return setErrorDni(mensaje);
      avisar({ color: 'red', message: mensaje });
    } finally {
      setVinculando(false);
    }
  };

  // Lo que se muestra corresponde a lo escrito (con 3 letras o más).
  const vigente = q.length >= 3 && busqueda?.q === q ? busqueda : null;
  const buscando = q.length >= 3 && !vigente;
  return (
    <div className={clases.pilaMinima}>
      <Campo id="buscar-hijos" etiqueta="Nombre o Apellido" descripcion={BUSQUE_A_SUS_HIJOS}>
        <div className={clases.conIcono}>
          <IconoBuscar />
          <input
            id="buscar-hijos"
            className={campos.entrada}
            type="search"
            placeholder="Nombre o Apellido"
            autoComplete="off"
            aria-describedby="buscar-hijos-descripcion"
            value={texto}
            readOnly={!hidratado}
            onChange={(e) => setTexto(e.currentTarget.value)}
          />
          {buscando && <span className={clases.girando} role="status" aria-label="Buscando" />}
        </div>
      </Campo>
      {vigente?.estado === 'lista' && (
        <div className={clases.resultados} role="list" aria-label="Resultados de la búsqueda">
          {vigente.resultados.length === 0 && (
            <p className={`${clases.textoNormal} ${clases.atenuado}`}>Sin resultados</p>
          )}
          {vigente.resultados.map((a) => (
            <button
              type="button"
              key={a.orden}
              role="listitem"
              className={clases.resultado}
              onClick={() => setElegido(a)}
            >
              <span className={`${clases.bloque} ${clases.fuerte}`}>{nombreCompleto(a)}</span>
              <span className={`${clases.bloque} ${clases.texto} ${clases.atenuado}`}>
                {a.curso?.nombre ?? 'Sin curso'}
              </span>
            </button>
          ))}
        </div>
      )}
      {vigente?.estado === 'error' && (
        <p className={`${clases.textoNormal} ${clases.rojo}`}>{vigente.mensaje}</p>
      )}
      <Dialogo
        abierto={elegido !== null}
        titulo="Vínculo de referente parental"
        onCerrar={() => setElegido(null)}
      >
        {elegido && (
          <form
            noValidate
            className={clases.pila}
            onSubmit={(e) => {
              e.preventDefault();
              void continuar();
            }}
          >
            <p className={clases.textoNormal}>{declaracionVinculo(nombreCompleto(elegido))}</p>
            <CampoTexto
              id="vinculo-dni"
              etiqueta={`DNI de ${elegido.nombre} (opcional)`}
              descripcion={AYUDA_DNI}
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              value={dni}
              onChange={(e) => {
                setDni(e.currentTarget.value);
                setErrorDni(null);
              }}
              error={errorDni}
            />
            <div className={clases.acciones}>
              <Boton variante="default" onClick={() => setElegido(null)}>
                Cancelar
              </Boton>
              <Boton type="submit" guardando={vinculando}>
                Continuar
              </Boton>
            </div>
          </form>
        )}
      </Dialogo>
    </div>
  );
}
