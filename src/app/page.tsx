import { Text, Title } from '@mantine/core';
import { GrillaModulos } from '@/components/GrillaModulos';
import { Marco } from '@/components/Marco';
import { ETIQUETA_ROL, type RolBit } from '@/domain/roles';
import { requerirSesion } from '@/server/auth/guardia';
import { permisos } from '@/server/api/routers/sesion/service';

export const metadata = { title: 'Inicio' };

export default async function Inicio() {
  const { sesion } = await requerirSesion();
  return (
    <Marco>
      <Title order={1} size="h2" mb={4}>
        Hola, {sesion.usuario.nombre}
      </Title>
      <Text c="dimmed" mb="lg">
        Ingresó como {ETIQUETA_ROL[sesion.rol as RolBit]}.
      </Text>
      <GrillaModulos modulos={permisos(sesion)} />
    </Marco>
  );
}
