CREATE TABLE "horarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"cursado_id" integer NOT NULL,
	"dia" integer NOT NULL,
	"bloque" integer NOT NULL,
	"aula" text,
	CONSTRAINT "horarios_dia_rango" CHECK ("horarios"."dia" between 1 and 6),
	CONSTRAINT "horarios_bloque_rango" CHECK ("horarios"."bloque" between 1 and 16)
);
--> statement-breakpoint
ALTER TABLE "horarios" ADD CONSTRAINT "horarios_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "horarios_cursado_dia_bloque_idx" ON "horarios" USING btree ("cursado_id","dia","bloque");--> statement-breakpoint
CREATE INDEX "horarios_dia_bloque_idx" ON "horarios" USING btree ("dia","bloque");