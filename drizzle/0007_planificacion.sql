ALTER TABLE "inscripciones" DROP CONSTRAINT "inscripciones_cursado_id_cursados_id_fk";
--> statement-breakpoint
ALTER TABLE "examenes" DROP CONSTRAINT "examenes_cursado_id_cursados_id_fk";
--> statement-breakpoint
ALTER TABLE "notas" DROP CONSTRAINT "notas_cursado_id_cursados_id_fk";
--> statement-breakpoint
ALTER TABLE "cursados" ADD COLUMN "origen_id" integer;--> statement-breakpoint
ALTER TABLE "cursados" ADD CONSTRAINT "cursados_origen_id_cursados_id_fk" FOREIGN KEY ("origen_id") REFERENCES "public"."cursados"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscripciones" ADD CONSTRAINT "inscripciones_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examenes" ADD CONSTRAINT "examenes_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cursados_origen_idx" ON "cursados" USING btree ("origen_id");