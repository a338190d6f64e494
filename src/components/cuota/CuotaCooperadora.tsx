import { IconBrandWhatsapp, IconExternalLink, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  OFICINA_COOPERADORA,
  POR_REDES,
  POR_WHATSAPP,
  SIN_CUOTA_CONFIGURADA,
  textoEnCuotas,
  textoMontoAnual,
  textoPagoUnico,
  tituloCuota,
  type ConfiguracionCooperadora,
} from '@/domain/cooperadora';
import { BotonCopiar } from './BotonCopiar';
import clases from './cuota.module.css';

export type Cuota = ConfiguracionCooperadora;

/** "$ 120.000" no se corta entre el signo y el número (espacio duro). */
const pesos = (t: string) => t.replace(/\$ /g, '$\u00a0');

const NUEVA_PESTANA = <span className="solo-lector"> (se abre en una pestaña nueva)</span>;

/** Un enlace que se abre en una pestaña nueva (y lo dice a los lectores de pantalla). */
function EnlaceExterno({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={clases.enlace}>
      {children}
      {NUEVA_PESTANA}
    </a>
  );
}

/** Un dato de la cuenta; el CBU y el alias, con su botón de copiar. */
function Dato({ etiqueta, valor, copiar }: { etiqueta: string; valor: string; copiar?: boolean }) {
  return (
    <div>
      <dt className={clases.etiqueta}>{etiqueta}</dt>
      <dd className={clases.valor}>
        <span className={copiar ? clases.mono : undefined}>{valor}</span>
        {copiar && <BotonCopiar etiqueta={etiqueta} valor={valor} />}
      </dd>
    </div>
  );
}

/**
 * La cuota de la Asociación Cooperadora en el formulario de inscripción (spec 02 §2 y §9): el
 * monto del ciclo y cómo pagarla (transferencia con los datos de la cuenta, cuotas sin interés
 * por suscripción, la oficina del primer piso, WhatsApp y redes). Todo sale de la configuración
 * anual que carga Admin. HTML y CSS (issue 12): la inscripción la dibuja en el servidor y sólo
 * los botones de copiar llegan al navegador como código.
 */
export function CuotaCooperadora({
  cuota,
  ciclo,
  idBase,
}: {
  cuota: Cuota | null;
  ciclo: number;
  idBase: string;
}) {
  const titulo = `${idBase}-cuota`;
  return (
    <section className={clases.cuota} aria-labelledby={titulo}>
      <h4 className={clases.titulo} id={titulo}>
        {tituloCuota(ciclo)}
      </h4>
      {!cuota ? (
        <p className={clases.texto}>{SIN_CUOTA_CONFIGURADA}</p>
      ) : (
        <>
          <p className={clases.texto}>{pesos(textoMontoAnual(cuota, ciclo))}</p>
          <div className={clases.bloque}>
            <h5 className={clases.subtitulo}>{pesos(textoPagoUnico(cuota))}</h5>
            <dl className={clases.datos}>
              <Dato etiqueta="Titular" valor={cuota.transferencia.titular} />
              <Dato etiqueta="Banco" valor={cuota.transferencia.banco} />
              <Dato etiqueta="CBU" valor={cuota.transferencia.cbu} copiar />
              <Dato etiqueta="Alias" valor={cuota.transferencia.alias} copiar />
              <Dato etiqueta="CUIT" valor={cuota.transferencia.cuit} />
            </dl>
          </div>
          {cuota.cuotas > 1 && cuota.suscripcion && (
            <div className={clases.bloque}>
              <h5 className={clases.subtitulo}>{pesos(textoEnCuotas(cuota))}</h5>
              <a
                href={cuota.suscripcion.url}
                target="_blank"
                rel="noopener noreferrer"
                className={clases.suscribirse}
              >
                <span>
                  Suscribirse en {cuota.suscripcion.proveedor}
                  {NUEVA_PESTANA}
                </span>
                <IconExternalLink aria-hidden />
              </a>
            </div>
          )}
          <div className={clases.bloqueChico}>
            <h5 className={clases.subtitulo}>{OFICINA_COOPERADORA}</h5>
            <div className={clases.fila}>
              <IconMapPin aria-hidden />
              <p className={clases.texto}>{cuota.oficina}</p>
            </div>
          </div>
          <div className={clases.bloqueChico}>
            <h5 className={clases.subtitulo}>{POR_WHATSAPP}</h5>
            <div className={clases.fila}>
              <IconBrandWhatsapp aria-hidden />
              <EnlaceExterno href={cuota.whatsapp}>Escribir a la cooperadora</EnlaceExterno>
            </div>
          </div>
          {cuota.redes.length > 0 && (
            <div className={clases.bloqueChico}>
              <h5 className={clases.subtitulo}>{POR_REDES}</h5>
              <div className={clases.redes}>
                {cuota.redes.map((r) => (
                  <EnlaceExterno key={r.url} href={r.url}>
                    {r.nombre}
                  </EnlaceExterno>
                ))}
              </div>
            </div>
          )}
        </>
      )}
      <p className={clases.texto}>Adjunte el comprobante del pago (foto JPG o PDF, hasta 10 MB).</p>
    </section>
  );
}
