'use client';
import { useEffect, useState } from 'react';
import { BUSQUE_A_SUS_HIJOS, declaracionVinculo } from '@/domain/inscripcion-campos';
import {
  AYUDA_CODIGO,
  CODIGO_INVALIDO,
  ERRORES_DEL_CODIGO,
  normalizarCodigo,
  vinculoPendiente,
} from '@/domain/vinculos';
import { nombreCompleto } from '@/domain/escuela';
import { Campo } from '@/components/campos/Campo';
import campos from '@/components/campos/campos.module.css';
import ruedita from '@/components/ui/ruedita.module.css';
import { avisar } from './avisos';
import { Boton, CampoTexto, useHidratado } from './campos';
import { Dialogo } from '@/components/ui/Dialogo';
import { mensajeDeError } from './errores';
import { IconoBuscar } from './iconos';
import clases from './inscripcion.module.css';
import { consultar, mutar } from './llamar';

interface Candidato {
  orden: number;
  apellido: string;
  nombre: string;
}

/** La espera antes de buscar mientras se escribe (la de `ListaBuscable`, DEMORA_BUSQUEDA_MS). */
const DEMORA_BUSQUEDA_MS = 500;

type Busqueda =
  | { estado: 'lista'; q: string; resultados: Candidato[] }
  | { estado: 'error'; q: string; mensaje: string };

/**
 * Búsqueda de los hijos todavía no vinculados (spec 02 §2): al elegir uno se pide la
 * declaración "Declaro mi vínculo de referente parental de …" con Cancelar y Continuar, y el
 * código de vinculación que entregó la escuela (optativo): con él el vínculo queda confirmado;
 * sin él, espera a la escuela. La búsqueda muestra sólo nombres (issue 31 §2).
 */
export function BuscarHijos({ alVincular }: { alVincular: () => void }) {
  const [texto, setTexto] = useState('');
  const [q, setQ] = useState('');
  const [busqueda, setBusqueda] = useState<Busqueda | null>(null);
  const [elegido, setElegidoSolo] = useState<Candidato | null>(null);
  // El código de vinculación (optativo): prueba el vínculo y lo confirma en el momento.
  const [codigo, setCodigo] = useState('');
  const [errorCodigo, setErrorCodigo] = useState<string | null>(null);
  const [vinculando, setVinculando] = useState(false);
  const hidratado = useHidratado();
  const setElegido = (a: Candidato | null) => {
    setElegidoSolo(a);
    setCodigo('');
    setErrorCodigo(null);
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
    const escrito = codigo.trim() ? normalizarCodigo(codigo) : null;
    if (codigo.trim() && !escrito) return setErrorCodigo(CODIGO_INVALIDO);
    setVinculando(true);
    try {
      const r = await mutar('inscripcion.vincularme', { alumno: elegido.orden, codigo: escrito });
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
      // Un código que no coincide (o bloqueado) se explica en el mismo diálogo.
      if (escrito !== null && ERRORES_DEL_CODIGO.includes(mensaje)) return setErrorCodigo(mensaje);
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
          {buscando && (
            <span
              className={`${ruedita.ruedita} ${clases.enCampo}`}
              role="status"
              aria-label="Buscando"
            />
          )}
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
              id="vinculo-codigo"
              etiqueta="Código de vinculación (opcional)"
              descripcion={AYUDA_CODIGO}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="ABCDE-FGHJK"
              maxLength={20}
              value={codigo}
              onChange={(e) => {
                setCodigo(e.currentTarget.value);
                setErrorCodigo(null);
              }}
              error={errorCodigo}
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
