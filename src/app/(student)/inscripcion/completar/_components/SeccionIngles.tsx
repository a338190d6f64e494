'use client';
import { useState } from 'react';
import {
  DECLARACION_JURADA,
  ETIQUETA_NIVEL_ANTERIOR,
  ETIQUETA_NIVEL_CPIT,
  HE_LEIDO_Y_ACEPTO,
  NIVELES_ANTERIORES,
  NIVELES_CPIT,
  TITULO_INGLES,
  inglesYaDeclarado,
  textoDeclaracionIngles,
  type ElegibilidadIngles,
  type NivelAnterior,
} from '@/domain/inscripcion';
import { avisar } from './avisos';
import { Boton, CampoSelector } from './campos';
import { confirmar } from '@/components/ui/confirmar';
import { mensajeDeError } from './errores';
import clases from './inscripcion.module.css';
import { mutar } from './llamar';

export interface HijoIngles {
  orden: number;
  nombre: string;
  apellido: string;
  ingles: {
    declarado: { nivelNuevo: number; nivelViejo: string } | null;
    elegibilidad: ElegibilidadIngles;
  };
}

function Declaracion({
  hijo,
  ciclo,
  alDeclarar,
}: {
  hijo: HijoIngles;
  ciclo: number;
  alDeclarar: () => void;
}) {
  const [nivelNuevo, setNivelNuevo] = useState('');
  const [nivelViejo, setNivelViejo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [declarando, setDeclarando] = useState(false);
  const enviar = async () => {
    if (declarando) return;
    if (!nivelNuevo || !nivelViejo) {
      setError('Elija el nivel a cursar y el del año anterior.');
      return;
    }
    setError(null);
    try {
      if (
        !(await confirmar({
          titulo: TITULO_INGLES,
          // Qué se declara: el hijo, el ciclo y los dos niveles; después, la declaración jurada.
          mensaje: `${hijo.apellido}, ${hijo.nombre}, ciclo lectivo ${ciclo}: ${
            ETIQUETA_NIVEL_CPIT[Number(nivelNuevo) as keyof typeof ETIQUETA_NIVEL_CPIT] ??
            nivelNuevo
          } (el año anterior: ${
            ETIQUETA_NIVEL_ANTERIOR[nivelViejo as NivelAnterior] ?? nivelViejo
          }). ${DECLARACION_JURADA}`,
          confirmar: 'Enviar',
        }))
      )
        return;
      setDeclarando(true);
      await mutar('inscripcion.declararIngles', {
        alumno: hijo.orden,
        nivelNuevo: Number(nivelNuevo),
        nivelViejo: nivelViejo as NivelAnterior,
      });
      avisar({ color: 'green', message: inglesYaDeclarado(hijo.nombre) });
      alDeclarar();
    } catch (e) {
      avisar({ color: 'red', message: mensajeDeError(e, 'No se pudo guardar la declaración.') });
    } finally {
      setDeclarando(false);
    }
  };
  return (
    <div className={clases.pilaMinima}>
      {/* Selectores nativos: en el teléfono abren la rueda del sistema. */}
      <CampoSelector
        id={`ingles-${hijo.orden}-nuevo`}
        etiqueta={`Nivel a cursar por ${hijo.nombre}`}
        value={nivelNuevo}
        onChange={(e) => setNivelNuevo(e.currentTarget.value)}
      >
        <option value="" disabled>
          Elegir
        </option>
        {NIVELES_CPIT.map((n) => (
          <option key={n} value={String(n)}>
            {ETIQUETA_NIVEL_CPIT[n]}
          </option>
        ))}
      </CampoSelector>
      <CampoSelector
        id={`ingles-${hijo.orden}-anterior`}
        etiqueta="Nivel del año anterior"
        value={nivelViejo}
        onChange={(e) => setNivelViejo(e.currentTarget.value)}
      >
        <option value="" disabled>
          Elegir
        </option>
        {NIVELES_ANTERIORES.map((n) => (
          <option key={n} value={n}>
            {ETIQUETA_NIVEL_ANTERIOR[n]}
          </option>
        ))}
      </CampoSelector>
      <p className={clases.texto}>{textoDeclaracionIngles(hijo.nombre, ciclo)}</p>
      {error && (
        <p className={`${clases.texto} ${clases.rojo}`} role="alert">
          {error}
        </p>
      )}
      <Boton guardando={declarando} onClick={() => void enviar()}>
        {HE_LEIDO_Y_ACEPTO}
      </Boton>
    </div>
  );
}

/**
 * "Inscripción a capacitación profesional en inglés técnico" (spec 02 §2, §4): para cada hijo
 * desde 3° año, el nivel a cursar y el anterior; los ya declarados muestran la confirmación.
 */
export function SeccionIngles({
  hijos,
  ciclo,
  alDeclarar,
}: {
  hijos: HijoIngles[];
  ciclo: number;
  alDeclarar: () => void;
}) {
  return (
    <section className={`${clases.papel} ${clases.pila}`} aria-labelledby="titulo-ingles">
      <h2 className={clases.subtitulo} id="titulo-ingles" tabIndex={-1}>
        {TITULO_INGLES}
      </h2>
      {hijos.map((h) => (
        <div
          key={h.orden}
          className={clases.pilaMinima}
          role="group"
          aria-labelledby={`ingles-${h.orden}`}
        >
          <p className={`${clases.textoNormal} ${clases.fuerte}`} id={`ingles-${h.orden}`}>
            {h.apellido}, {h.nombre}
          </p>
          {h.ingles.declarado ? (
            <p className={`${clases.textoNormal} ${clases.verde}`}>{inglesYaDeclarado(h.nombre)}</p>
          ) : h.ingles.elegibilidad.elegible ? (
            <Declaracion hijo={h} ciclo={ciclo} alDeclarar={alDeclarar} />
          ) : (
            <p className={`${clases.texto} ${clases.atenuado}`}>{h.ingles.elegibilidad.motivo}</p>
          )}
        </div>
      ))}
    </section>
  );
}
