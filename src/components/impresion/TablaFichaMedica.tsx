import type { inferRouterOutputs } from '@trpc/server';
import {
  ANTECEDENTES,
  CLAVES_ANTECEDENTES,
  CLAVES_PREGUNTAS,
  PREGUNTAS_FICHA,
} from '@/domain/inscripcion';
import { numero } from '@/domain/texto';
import type { AppRouter } from '@/server/api/root';
import estilos from './impresion.module.css';

export type InscripcionConFicha = NonNullable<
  inferRouterOutputs<AppRouter>['inscripcion']['datos']['inscripcion']
>;

function Fila({ etiqueta, valor }: { etiqueta: string; valor: React.ReactNode }) {
  return (
    <tr>
      <th scope="row">{etiqueta}</th>
      <td>{valor || '—'}</td>
    </tr>
  );
}

/**
 * La ficha médica de una inscripción y el domicilio y teléfono declarados (spec 02 §3): la usan
 * la ficha imprimible del alumno y el legajo para el personal que lo cuida. HTML y CSS de servidor.
 */
export function TablaFichaMedica({ inscripcion }: { inscripcion: InscripcionConFicha }) {
  const f = inscripcion.fichaMedica;
  if (!f) return null;
  return (
    <table className={estilos.tabla}>
      <tbody>
        <Fila etiqueta="Grupo sanguíneo y factor RH" valor={`${f.grupoSanguineo} ${f.factorRh}`} />
        <Fila etiqueta="Peso" valor={`${numero(f.pesoKilogramos)} kg`} />
        <Fila etiqueta="Altura" valor={`${numero(f.alturaCentimetros)} cm`} />
        <Fila
          etiqueta="Servicio de emergencia"
          valor={
            f.tieneServicioEmergencia
              ? [
                  f.nombreServicioEmergencia,
                  f.carnetServicioEmergencia,
                  f.telefonoServicioEmergencia,
                ]
                  .filter(Boolean)
                  .join(' · ') || 'Sí'
              : 'No'
          }
        />
        <Fila
          etiqueta="Obra social"
          valor={
            f.tieneObraSocial
              ? [f.nombreObraSocial, f.carnetObraSocial, f.telefonoObraSocial]
                  .filter(Boolean)
                  .join(' · ') || 'Sí'
              : 'No'
          }
        />
        <Fila
          etiqueta="Antecedentes"
          valor={CLAVES_ANTECEDENTES.filter((c) => f.antecedentes[c])
            .map((c) => ANTECEDENTES[c])
            .join(', ')}
        />
        {CLAVES_PREGUNTAS.map((p) => (
          <Fila key={p} etiqueta={PREGUNTAS_FICHA[p]} valor={f.respuestas[p]} />
        ))}
        <Fila
          etiqueta="Domicilio"
          valor={`${inscripcion.calle} ${inscripcion.altura}, ${inscripcion.localidad}`}
        />
        <Fila etiqueta="Teléfono" valor={inscripcion.telefono} />
      </tbody>
    </table>
  );
}
