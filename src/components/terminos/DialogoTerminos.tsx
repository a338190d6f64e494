'use client';
import { Alert, Badge, Button, Checkbox, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Dialogo } from '@/components/ui/Dialogo';
import {
  CERRAR,
  SIGUIENTE,
  errorTerminos,
  formaRespuesta,
  respuestaCompleta,
} from '@/domain/reglamentos';
import { api } from '@/trpc/react';

export interface DiapositivaTerminos {
  clase: 'reglamento' | 'autorizacion';
  nombre: string;
  tipo: string;
  contenido: string;
  respuestasPosibles: string[] | null;
  hijo: { id: number; nombre: string } | null;
}

/**
 * El diálogo obligatorio de home (spec 02 §2 "Mandatory-terms modal", §4): una diapositiva
 * por reglamento pendiente (y por autorización y hijo, para el referente); "Siguiente" se
 * habilita con la respuesta dada y la guarda; la última dice "Cerrar" y, al cerrar, la página
 * se recarga y vuelve a comprobar. No se puede cerrar de otra forma.
 */
export function DialogoTerminos({ diapositivas }: { diapositivas: DiapositivaTerminos[] }) {
  const router = useRouter();
  const [indice, setIndice] = useState(0);
  const [respuesta, setRespuesta] = useState('');
  const [abierto, setAbierto] = useState(diapositivas.length > 0);
  const [error, setError] = useState<string | null>(null);
  const responder = api.reglamentos.responder.useMutation();
  const autorizar = api.reglamentos.responderAutorizacion.useMutation();
  const d = diapositivas[indice];
  if (!d) return null;
  const ultima = indice === diapositivas.length - 1;
  const forma = formaRespuesta(d.respuestasPosibles);
  const completa = respuestaCompleta(d.respuestasPosibles, respuesta);
  const guardando = responder.isPending || autorizar.isPending;

  const avanzar = async () => {
    if (!completa) return;
    setError(null);
    try {
      if (d.hijo) await autorizar.mutateAsync({ nombre: d.nombre, respuesta, hijo: d.hijo.id });
      else await responder.mutateAsync({ nombre: d.nombre, respuesta });
    } catch (e) {
      setError(errorTerminos((e as Error).message || 'no se pudo guardar la respuesta'));
      return;
    }
    setRespuesta('');
    if (ultima) {
      setAbierto(false);
      router.refresh();
    } else setIndice(indice + 1);
  };

  return (
    <Dialogo abierto={abierto} onCerrar={() => {}} cerrable={false} ancho="lg" titulo={d.nombre}>
      <Stack gap="sm">
        <Group gap="xs">
          <Badge variant="light">
            {indice + 1} de {diapositivas.length}
          </Badge>
          {d.hijo && <Badge color="grape">Por {d.hijo.nombre}</Badge>}
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{d.contenido}</Text>
        {forma === 'texto' && (
          <Textarea
            label="Su respuesta"
            autosize
            minRows={2}
            value={respuesta}
            onChange={(e) => setRespuesta(e.currentTarget.value)}
            data-autofocus
          />
        )}
        {forma === 'aceptar' && (
          <Checkbox
            label={d.respuestasPosibles![0]}
            checked={respuesta === d.respuestasPosibles![0]}
            onChange={(e) => setRespuesta(e.currentTarget.checked ? d.respuestasPosibles![0]! : '')}
          />
        )}
        {forma === 'elegir' && (
          <Radio.Group label="Elija una opción" value={respuesta} onChange={setRespuesta}>
            <Stack gap={6} mt={6}>
              {d.respuestasPosibles!.map((r) => (
                <Radio key={r} value={r} label={r} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={avanzar} disabled={!completa} loading={guardando}>
            {ultima ? CERRAR : SIGUIENTE}
          </Button>
        </Group>
      </Stack>
    </Dialogo>
  );
}
