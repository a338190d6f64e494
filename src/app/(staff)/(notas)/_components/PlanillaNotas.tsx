'use client';
import { Alert, Box, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { Cargando } from '@/components/vistas/Cargando';
import { api } from '@/trpc/react';
import { Exportar } from '@/components/ui/Exportar';
import { AccionesPlanilla, usePeriodosNotas } from './AccionesPlanilla';
import { AvisosPlanilla, EncabezadoPlanilla } from './EncabezadoPlanilla';
import { BotonesImprimir, HojaPicDePlanilla, useImpresionPlanilla } from './ImpresionPlanilla';
import type { VarianteNotas } from './PantallaNotas';
import { PicsDelCursado } from './PicsDelCursado';
import { TablaNotas } from './TablaNotas';
import { useEdicionNotas } from './useEdicionNotas';

/**
 * La planilla de un cursado (spec 02 §2, §4, §5, §8): los alumnos con las notas de los
 * cuatrimestres que usa la modalidad, la nota final y la condición. Se guardan sólo las celdas
 * cambiadas (con el valor que mostraban, para detectar si otro las cambió); cerrar guarda
 * primero y después cierra; reabrir (Alumnado) avisa "Recuerde cerrar la planilla luego".
 */
export function PlanillaNotas({ cursado, variante }: { cursado: number; variante: VarianteNotas }) {
  const [curso, setCurso] = useState<string>('todos');
  const entrada = curso === 'todos' ? { cursado } : { cursado, curso: Number(curso) };
  const q = api.notas.planilla.useQuery(entrada, { refetchOnWindowFocus: false });
  const datos = q.data;
  const edicion = useEdicionNotas(cursado, datos);
  const periodos = usePeriodosNotas(cursado, edicion);
  const { pic, imprimir } = useImpresionPlanilla();

  if (q.isPending) return <Cargando filas={8} />;
  if (q.error || !datos) {
    return (
      <Alert color="red" title="No se pudo leer la planilla">
        {q.error?.message}
      </Alert>
    );
  }

  const aplicados = datos.estados.filter((e) => e.aplica);

  return (
    <>
      <Stack gap="md" className={pic ? 'no-imprimir' : undefined}>
        <EncabezadoPlanilla cursado={datos.cursado} aplicados={aplicados} />
        <AvisosPlanilla
          avisos={datos.avisos}
          conflicto={edicion.conflicto}
          onRecargar={() => void edicion.recargar()}
        />

        {variante === 'supervisor' && datos.cursado.cursos.length > 0 && (
          <Tabs value={curso} onChange={(v) => setCurso(v ?? 'todos')} className="no-imprimir">
            <Tabs.List>
              <Tabs.Tab value="todos">Todos los cursos</Tabs.Tab>
              {datos.cursado.cursos.map((c) => (
                <Tabs.Tab key={c.id} value={String(c.id)}>
                  {c.nombre}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}

        <TablaNotas
          datos={datos}
          aplicados={aplicados}
          conCurso={datos.cursado.cursos.length > 1 && curso === 'todos'}
          edicion={edicion}
        />

        <Box className="solo-imprimir" display="none">
          <Text mt="xl">Firma del docente: ______________________________</Text>
        </Box>

        <AccionesPlanilla
          planilla={datos.cursado.nombre}
          aplicados={aplicados}
          edicion={edicion}
          periodos={periodos}
        >
          <BotonesImprimir
            cursado={datos.cursado}
            aplicados={aplicados}
            variante={variante}
            imprimir={imprimir}
          />
          <Exportar
            lista="notas-cursado"
            parametros={{ cursado, curso: curso === 'todos' ? null : curso }}
          />
        </AccionesPlanilla>
        {variante === 'docente' && <PicsDelCursado cursado={cursado} />}
      </Stack>
      {pic && <HojaPicDePlanilla datos={datos} pic={pic} />}
    </>
  );
}
