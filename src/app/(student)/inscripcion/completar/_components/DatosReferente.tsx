'use client';
import { useState } from 'react';
import {
  DATOS_GUARDADOS,
  validarReferente,
  type DatosReferente as Datos,
  type ErroresCampos,
} from '@/domain/inscripcion-campos';
import { unirTelefono } from '@/domain/escuela';
import { avisar } from './avisos';
import { Boton, CampoTexto, CamposTelefono, Casilla } from './campos';
import { mensajeDeError } from './errores';
import clases from './inscripcion.module.css';
import { mutar } from './llamar';

export interface Referente {
  orden: number;
  nombre: string;
  apellido: string;
  email: string;
  codigoArea: string;
  numero: string;
  exalumno: boolean;
}

const valoresDe = (r: Referente): Datos => ({
  nombre: r.nombre,
  apellido: r.apellido,
  codigoArea: r.codigoArea,
  telefono: r.numero,
  exalumno: r.exalumno,
});

/** "Datos del referente parental" (spec 02 §2, §5): el email es el de su cuenta, de sólo lectura. */
export function DatosReferente({
  referente,
  alGuardar,
}: {
  referente: Referente;
  alGuardar: () => void;
}) {
  const [valores, setValores] = useState<Datos>(() => valoresDe(referente));
  const [errores, setErrores] = useState<ErroresCampos<keyof Datos>>({});
  const [guardando, setGuardando] = useState(false);
  // Cuando cambian los datos guardados (después de guardar y recargar), el formulario los
  // muestra; si sólo se recargó la página por otra cosa, lo escrito queda.
  const guardados = JSON.stringify(valoresDe(referente));
  const [vistos, setVistos] = useState(guardados);
  if (guardados !== vistos) {
    setVistos(guardados);
    setValores(valoresDe(referente));
  }

  const cambiar =
    <K extends keyof Datos>(campo: K) =>
    (valor: Datos[K]) => {
      setValores((v) => ({ ...v, [campo]: valor }));
      setErrores(({ [campo]: _quitado, ...resto }) => resto as ErroresCampos<keyof Datos>);
    };
  const texto = (campo: 'nombre' | 'apellido' | 'codigoArea' | 'telefono') => ({
    id: `referente-${campo}`,
    name: campo,
    value: valores[campo],
    error: errores[campo],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => cambiar(campo)(e.currentTarget.value),
  });

  const enviar = async (e: React.FormEvent) => {
    e.preventDefault();
    if (guardando) return;
    const v = valores;
    const encontrados = validarReferente(v);
    setErrores(encontrados);
    const primero = Object.keys(encontrados)[0];
    if (primero) {
      document.getElementById(`referente-${primero}`)?.focus();
      return;
    }
    setGuardando(true);
    const entrada = {
      orden: referente.orden,
      nombre: v.nombre.trim(),
      apellido: v.apellido.trim(),
      telefono: unirTelefono(v.codigoArea, v.telefono),
      exalumno: v.exalumno,
    };
    // Si quedó igual a lo que mostró la página, no hace falta volver a pedirla.
    const igual =
      entrada.nombre === referente.nombre &&
      entrada.apellido === referente.apellido &&
      entrada.telefono === unirTelefono(referente.codigoArea, referente.numero) &&
      entrada.exalumno === referente.exalumno;
    try {
      await mutar('referentes.guardar', entrada);
      avisar({ color: 'green', message: DATOS_GUARDADOS });
      if (!igual) alGuardar();
    } catch (err) {
      avisar({ color: 'red', message: mensajeDeError(err, 'No se pudieron guardar sus datos.') });
    } finally {
      setGuardando(false);
    }
  };

  return (
    <section className={clases.papel} aria-labelledby="titulo-referente">
      <form onSubmit={(e) => void enviar(e)} noValidate className={clases.pilaChica}>
        <h2 className={clases.subtitulo} id="titulo-referente">
          Datos del referente parental
        </h2>
        <div className={clases.grilla2}>
          <CampoTexto
            etiqueta="Nombre"
            obligatorio
            autoComplete="given-name"
            {...texto('nombre')}
          />
          <CampoTexto
            etiqueta="Apellido"
            obligatorio
            autoComplete="family-name"
            {...texto('apellido')}
          />
        </div>
        <CampoTexto
          id="referente-email"
          etiqueta="Email"
          type="email"
          value={referente.email}
          readOnly
          obligatorio
        />
        <CamposTelefono
          propio
          area={{ etiqueta: 'Código de área', ...texto('codigoArea') }}
          numero={{ etiqueta: 'Teléfono', ...texto('telefono') }}
        />
        <Casilla
          etiqueta="Soy graduado/a del instituto"
          name="exalumno"
          checked={valores.exalumno}
          onChange={(e) => cambiar('exalumno')(e.currentTarget.checked)}
        />
        <div className={clases.acciones}>
          <Boton type="submit" guardando={guardando}>
            Guardar
          </Boton>
        </div>
        <p className={`${clases.chico} ${clases.atenuado}`}>
          El email es el de su cuenta de Google y no se puede cambiar aquí.
        </p>
      </form>
    </section>
  );
}
