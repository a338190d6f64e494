'use client';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Loader,
  NativeSelect,
  Stack,
  Text,
} from '@mantine/core';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import {
  ACEPTA_ADJUNTO,
  ADJUNTO_DEMASIADO_GRANDE,
  NOMBRE_AUDIENCIA,
  TAMANIO_MAXIMO_ADJUNTO,
  type TipoAudiencia,
} from '@/domain/comunicados';
import { avisar } from '@/components/ui/avisos';
import { api } from '@/trpc/react';
import { CamposComunicado } from './CamposComunicado';

/**
 * Escribir un comunicado: título, texto, a quién va (las audiencias y los cursos o cursados que
 * el servidor le ofrece a este rol), el adjunto optativo (PDF o JPG de hasta 5 MB) y "Requiere
 * confirmación de lectura". Se envía como multipart a POST /api/comunicados.
 */
export function FormularioComunicado() {
  const router = useRouter();
  const opciones = api.comunicados.opciones.useQuery();
  const utils = api.useUtils();
  const [titulo, setTitulo] = useState('');
  const [texto, setTexto] = useState('');
  const [audiencia, setAudiencia] = useState<TipoAudiencia | ''>('');
  const [destino, setDestino] = useState('');
  const [adjunto, setAdjunto] = useState<File | null>(null);
  const [confirmacion, setConfirmacion] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);

  if (opciones.error)
    return (
      <Alert color="red" role="alert">
        {opciones.error.message}
      </Alert>
    );
  if (!opciones.data) return <Loader role="status" aria-label="Cargando las audiencias" />;
  const o = opciones.data;
  const tipo = audiencia || o.audiencias[0] || '';
  const listaDestino =
    tipo === 'anio'
      ? o.anios.map((a) => ({ value: String(a), label: `${a}° año` }))
      : tipo === 'curso'
        ? o.cursos.map((c) => ({ value: String(c.id), label: c.nombre }))
        : tipo === 'cursado'
          ? o.cursados.map((c) => ({ value: String(c.id), label: c.nombre }))
          : [];
  const etiquetaDestino = tipo === 'anio' ? 'Año' : tipo === 'curso' ? 'Curso' : 'Cursado';

  const publicar = async () => {
    const problema =
      (!titulo.trim() ? 'Título: no puede estar vacío.' : null) ??
      (!texto.trim() ? 'Texto: no puede estar vacío.' : null) ??
      (tipo !== 'escuela' && !destino ? `${etiquetaDestino}: elija uno.` : null) ??
      (adjunto && adjunto.size > TAMANIO_MAXIMO_ADJUNTO ? ADJUNTO_DEMASIADO_GRANDE : null);
    if (problema) {
      setError(problema);
      return;
    }
    setError(null);
    setEnviando(true);
    const cuerpo = new FormData();
    cuerpo.append('titulo', titulo.trim());
    cuerpo.append('texto', texto.trim());
    cuerpo.append('audiencia', tipo);
    if (tipo !== 'escuela') cuerpo.append(tipo, destino);
    cuerpo.append('requiereConfirmacion', confirmacion ? 'true' : 'false');
    if (adjunto) cuerpo.append('adjunto', adjunto);
    try {
      const r = await fetch('/api/comunicados', { method: 'POST', body: cuerpo });
      const j = (await r.json().catch(() => null)) as {
        message?: string;
        id?: number;
        destinatarios?: number;
      } | null;
      if (!r.ok || !j?.id) {
        setError(j?.message ?? 'No se pudo publicar el comunicado.');
        return;
      }
      avisar({ color: 'green', message: 'Comunicado publicado.' });
      await utils.comunicados.listar.invalidate();
      router.push(`/comunicados/${j.id}`);
    } catch {
      setError('No se pudo publicar el comunicado: revise la conexión e intente de nuevo.');
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Stack gap="sm">
      <CamposComunicado
        titulo={titulo}
        texto={texto}
        alCambiarTitulo={setTitulo}
        alCambiarTexto={setTexto}
      />
      <NativeSelect
        label="Para"
        value={tipo}
        onChange={(e) => {
          setAudiencia(e.currentTarget.value as TipoAudiencia);
          setDestino('');
        }}
        data={o.audiencias.map((a) => ({ value: a, label: NOMBRE_AUDIENCIA[a] }))}
      />
      {tipo !== 'escuela' && (
        <NativeSelect
          label={etiquetaDestino}
          withAsterisk
          value={destino}
          onChange={(e) => setDestino(e.currentTarget.value)}
          data={[{ value: '', label: 'Elija…' }, ...listaDestino]}
        />
      )}
      <FileInput
        label="Adjunto (optativo)"
        description="Un PDF o una imagen JPG, de hasta 5 MB."
        accept={ACEPTA_ADJUNTO}
        clearable
        value={adjunto}
        onChange={setAdjunto}
      />
      <Checkbox
        label="Requiere confirmación de lectura"
        checked={confirmacion}
        onChange={(e) => setConfirmacion(e.currentTarget.checked)}
      />
      <Text size="xs" c="dimmed">
        Les llega a los alumnos y a sus familias (los referentes confirmados con usuario en el
        portal): en la campana y, según las preferencias de cada familia, por correo.
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <div>
        <Button onClick={publicar} loading={enviando}>
          Publicar
        </Button>
      </div>
    </Stack>
  );
}
