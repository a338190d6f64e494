-- Las asignaciones de preceptores valen para un ciclo lectivo (issue 31, punto 7): las que ya
-- existen pasan al ciclo en curso (el año calendario en la zona de la escuela), sin valor por defecto.
ALTER TABLE "preceptores_cursos" ADD COLUMN "ciclolectivo" integer;--> statement-breakpoint
UPDATE "preceptores_cursos" SET "ciclolectivo" = extract(year FROM now() AT TIME ZONE 'America/Argentina/Cordoba')::integer;--> statement-breakpoint
ALTER TABLE "preceptores_cursos" ALTER COLUMN "ciclolectivo" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "preceptores_cursos" ALTER COLUMN "ciclolectivo" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "preceptores_cursos" DROP CONSTRAINT "preceptores_cursos_usuario_id_curso_id_pk";--> statement-breakpoint
ALTER TABLE "preceptores_cursos" ADD CONSTRAINT "preceptores_cursos_usuario_id_curso_id_ciclolectivo_pk" PRIMARY KEY("usuario_id","curso_id","ciclolectivo");
