'use client';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import {
  Suspense,
  useEffect,
  useRef,
  useState,
  useTransition,
  type ComponentProps,
  type ReactNode,
} from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { EstadoInscripcion } from '@/domain/inscripcion';
import {
  COMPLETE_SUS_DATOS,
  INSCRIPCION_FINALIZADA,
  RECUERDE_INGLES,
  tituloInscripcion,
} from '@/domain/inscripcion-campos';
import type { AppRouter } from '@/server/api/root';
import { BuscarHijos } from './BuscarHijos';
import { DatosReferente } from './DatosReferente';
import { IconoAbajo, IconoAlerta, IconoListo } from './iconos';
import ruedita from '@/components/ui/ruedita.module.css';
import clases from './inscripcion.module.css';

/**
 * El formulario de un hijo, en su propio archivo de código: se carga cuando hay un panel abierto
 * con un hijo sin inscribir. La pantalla de una familia con todos inscriptos no lo descarga.
 *
 * Sin límite de Suspense propio (sin `loading`): el formulario abierto al llegar viene dibujado
 * del servidor DENTRO del HTML de la página. Con un límite, React lo mandaba (por su tamaño)
 * como un segmento aparte, oculto, que un script revela después del primer dibujo (React 19.2
 * espera unos 300 ms entre revelaciones): el teléfono mostraba primero la ruedita. Los paneles
 * que se abren después llevan su propio Suspense con la ruedita (`FormularioQueSeAbre`),
 * mientras baja el código.
 */
const FormularioHijo = dynamic(() => import('./FormularioHijo'));

function FormularioQueSeAbre(props: ComponentProps<typeof FormularioHijo>) {
  return (
    <Suspense
      fallback={
        <div className={clases.cargando} role="status" aria-label="Cargando el formulario">
          <span className={`${ruedita.ruedita} ${ruedita.grande}`} aria-hidden />
        </div>
      }
    >
      <FormularioHijo {...props} />
    </Suspense>
  );
}

/** El inglés técnico, también aparte: sólo se ve con todos los hijos inscriptos. */
const SeccionIngles = dynamic(() => import('./SeccionIngles').then((m) => m.SeccionIngles));

/**
 * Los vínculos pendientes de confirmación, también aparte: la mayoría de las familias no tiene
 * ninguno (se dibujan en el servidor igual; el código llega después, sólo si hay alguno).
 */
const HijosPendientes = dynamic(() => import('./HijosPendientes').then((m) => m.HijosPendientes));

export type DatosInscripcion = inferRouterOutputs<AppRouter>['inscripcion']['mishijos'];

/** La línea de resumen de un hijo ya inscripto, con el panel cerrado. */
const RESUMEN_ESTADO: Record<EstadoInscripcion, string> = {
  pendiente: 'Pendiente de revisión',
  verificada: 'Verificada por Alumnado',
  observada: 'Observada por Alumnado',
};

const FECHA = new Intl.DateTimeFormat('es-AR', { timeZone: 'America/Argentina/Cordoba' });

/**
 * El hijo cuyo formulario abrir: el siguiente sin inscribir después de `desde` (en el orden de
 * la lista, volviendo al principio), o el primero sin inscribir. null si están todos.
 */
export function siguientePendiente(
  hijos: readonly { orden: number; inscripto: boolean }[],
  desde: number | null = null,
): number | null {
  const i = desde === null ? -1 : hijos.findIndex((h) => h.orden === desde);
  const enOrden = [...hijos.slice(i + 1), ...hijos.slice(0, i + 1)];
  return enOrden.find((h) => !h.inscripto)?.orden ?? null;
}

/**
 * /inscripcion/completar (spec 02 §2 "Enrolment page"): los datos del referente; si están
 * completos, la búsqueda de hijos y un panel por hijo con su formulario o "Inscripción
 * finalizada"; con todos inscriptos, el inglés técnico. En el teléfono el formulario de un hijo
 * es largo: se abre uno solo por vez (el del primer hijo sin inscribir) y, al enviarlo, se
 * abre el del siguiente y el foco pasa a su encabezado.
 *
 * Los datos llegan del servidor (page.tsx); después de cada cambio la pantalla pide la página
 * otra vez (`router.refresh`): React conserva lo escrito, lo abierto y el foco.
 */
export function PantallaInscripcion({
  datos: d,
  cuota,
}: {
  datos: DatosInscripcion;
  /**
   * La cuota de la cooperadora, dibujada en el servidor una sola vez (con muchos hijos, no se
   * repite por cada uno): la muestra el formulario del panel abierto, que es uno solo.
   */
  cuota: ReactNode;
}) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  const recargar = () => startTransition(() => router.refresh());

  // Al cargar, el primer hijo sin inscribir; si no hay ninguno abierto y se vincula un hijo
  // nuevo, el suyo. Lo que la familia abre o cierra después queda como lo dejó.
  const [abierto, setAbierto] = useState<number | null>(() => siguientePendiente(d.hijos));
  // Los paneles que ya se abrieron quedan en la página (ocultos al cerrarse): lo escrito en un
  // formulario no se pierde al cerrarlo y volver a abrirlo.
  const [montados, setMontados] = useState<ReadonlySet<number>>(
    () => new Set(abierto === null ? [] : [abierto]),
  );
  /** El panel abierto al llegar: su formulario es parte del HTML de la página (sin Suspense). */
  const [alLlegar] = useState(abierto);
  const abrir = (orden: number | null) => {
    setAbierto(orden);
    if (orden !== null) setMontados((m) => (m.has(orden) ? m : new Set([...m, orden])));
  };

  const vistos = useRef<Set<number>>(new Set(d.hijos.map((h) => h.orden)));
  /** El hijo recién inscripto, mientras se espera la página con su inscripción. */
  const inscripto = useRef<number | null>(null);
  // Después de enviar un formulario: el foco va al encabezado del hijo siguiente (o, si ya
  // están todos, al título de la sección que sigue).
  const encabezados = useRef(new Map<number, HTMLButtonElement>());
  const focoPendiente = useRef<number | 'fin' | null>(null);

  // Con cada versión de los datos (después de guardar algo).
  useEffect(() => {
    const hijos = d.hijos;
    const antes = vistos.current;
    vistos.current = new Set(hijos.map((h) => h.orden));
    const recien = inscripto.current;
    if (recien !== null && hijos.find((h) => h.orden === recien)?.inscripto !== false) {
      inscripto.current = null;
      const siguiente = siguientePendiente(hijos, recien);
      focoPendiente.current = siguiente ?? 'fin';
      abrir(siguiente);
      return;
    }
    const nuevo = siguientePendiente(hijos.filter((h) => !antes.has(h.orden)));
    if (nuevo !== null && abierto === null) abrir(nuevo);
    // Sólo cuando llegan datos nuevos.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [d]);

  // Después de cada render: si hay un foco pendiente y su destino ya está en la página, va ahí.
  useEffect(() => {
    const destino = focoPendiente.current;
    if (destino === null) return;
    const el =
      destino === 'fin'
        ? (document.getElementById('titulo-ingles') ?? document.getElementById('titulo-hijos'))
        : encabezados.current.get(destino);
    if (!el) return;
    focoPendiente.current = null;
    el.focus();
  });

  const alInscribir = (orden: number) => {
    inscripto.current = orden;
    recargar();
  };

  return (
    <div className={clases.pantalla}>
      <h1 className={clases.titulo}>Inscripción</h1>
      <p className={`${clases.texto} ${clases.rojo}`}>
        Los campos marcados con un asterisco (*) son obligatorios.
      </p>
      {d.avisos.map((aviso) => (
        <p
          key={aviso}
          className={`${clases.aviso} ${clases.avisoAzul}`}
          data-testid="aviso-referente"
        >
          <IconoAlerta />
          <span>{aviso}</span>
        </p>
      ))}
      <DatosReferente referente={d.referente} alGuardar={recargar} />
      {!d.referente.completo ? (
        <p className={`${clases.aviso} ${clases.avisoAmarillo}`}>
          <IconoAlerta />
          <span>{COMPLETE_SUS_DATOS}</span>
        </p>
      ) : (
        <section className={`${clases.papel} ${clases.pila}`} aria-labelledby="titulo-hijos">
          <h2 className={clases.subtitulo} id="titulo-hijos" tabIndex={-1}>
            {tituloInscripcion(d.ciclo)}
          </h2>
          <BuscarHijos alVincular={recargar} />
          {d.pendientes.length > 0 && (
            <HijosPendientes pendientes={d.pendientes} alConfirmar={recargar} />
          )}
          {d.hijos.length > 0 && (
            <div className={clases.paneles}>
              {d.hijos.map((h) => {
                const esteAbierto = abierto === h.orden;
                const control = `hijo-${h.orden}-control`;
                const panel = `hijo-${h.orden}-panel`;
                return (
                  <div
                    key={h.orden}
                    className={clases.panel}
                    data-abierto={esteAbierto || undefined}
                  >
                    <h3 className={clases.panelTitulo}>
                      <button
                        type="button"
                        id={control}
                        className={clases.panelBoton}
                        aria-expanded={esteAbierto}
                        aria-controls={panel}
                        onClick={() => abrir(esteAbierto ? null : h.orden)}
                        ref={(el) => {
                          if (el) encabezados.current.set(h.orden, el);
                          else encabezados.current.delete(h.orden);
                        }}
                      >
                        <span className={clases.panelEncabezado}>
                          <span>
                            <span className={`${clases.bloque} ${clases.fuerte}`}>
                              {h.apellido}, {h.nombre}
                            </span>
                            <span className={`${clases.bloque} ${clases.texto} ${clases.atenuado}`}>
                              {h.curso?.nombre ?? 'Sin curso'}
                            </span>
                            <span className={`${clases.bloque} ${clases.texto}`}>
                              {h.inscripcion
                                ? `Inscripción enviada el ${FECHA.format(new Date(h.inscripcion.creado))} · ${RESUMEN_ESTADO[h.inscripcion.estado]}`
                                : 'Falta completar la inscripción'}
                            </span>
                          </span>
                          {h.inscripto && (
                            <span className={`${clases.insignia} ${clases.insigniaVerde}`}>
                              <IconoListo />
                              {INSCRIPCION_FINALIZADA}
                            </span>
                          )}
                        </span>
                        <IconoAbajo />
                      </button>
                    </h3>
                    <div
                      id={panel}
                      role="region"
                      aria-labelledby={control}
                      className={clases.panelContenido}
                      hidden={!esteAbierto}
                    >
                      {h.inscripcion ? (
                        <div className={clases.pilaMinima}>
                          <p className={clases.texto}>
                            Enviada el {FECHA.format(new Date(h.inscripcion.creado))}. Ya no se
                            puede modificar.
                          </p>
                          {h.inscripcion.estado === 'observada' && (
                            <div className={`${clases.aviso} ${clases.avisoRojo}`}>
                              <div>
                                <p className={clases.avisoTitulo}>Observada por Alumnado</p>
                                <p className={clases.textoNormal}>
                                  {h.inscripcion.observacion ?? 'Consulte en Alumnado.'}
                                </p>
                              </div>
                            </div>
                          )}
                          {h.inscripcion.estado === 'verificada' && (
                            <p className={`${clases.texto} ${clases.verde}`}>
                              Verificada por Alumnado.
                            </p>
                          )}
                          <a
                            className={`${clases.texto} ${clases.enlace}`}
                            href={`/api/inscripciones/${h.inscripcion.orden}/comprobante`}
                          >
                            Descargar el comprobante enviado
                          </a>
                        </div>
                      ) : (
                        montados.has(h.orden) &&
                        (h.orden === alLlegar ? (
                          <FormularioHijo
                            hijo={h}
                            ciclo={d.ciclo}
                            cuota={esteAbierto ? cuota : null}
                            alInscribir={alInscribir}
                          />
                        ) : (
                          <FormularioQueSeAbre
                            hijo={h}
                            ciclo={d.ciclo}
                            cuota={esteAbierto ? cuota : null}
                            alInscribir={alInscribir}
                          />
                        ))
                      )}
                    </div>
                  </div>
                );
              })}
            </div>
          )}
        </section>
      )}
      {d.mostrarIngles ? (
        <SeccionIngles hijos={d.hijos} ciclo={d.ciclo} alDeclarar={recargar} />
      ) : (
        d.hijos.length > 0 && (
          <p className={`${clases.texto} ${clases.atenuado}`}>{RECUERDE_INGLES}</p>
        )
      )}
    </div>
  );
}
