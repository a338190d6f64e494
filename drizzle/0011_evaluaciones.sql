CREATE TABLE "evaluaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"cursado_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"reservada_por" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluaciones" ADD CONSTRAINT "evaluaciones_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluaciones" ADD CONSTRAINT "evaluaciones_reservada_por_usuarios_id_fk" FOREIGN KEY ("reservada_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluaciones_cursado_fecha_idx" ON "evaluaciones" USING btree ("cursado_id","fecha");--> statement-breakpoint
CREATE INDEX "evaluaciones_fecha_idx" ON "evaluaciones" USING btree ("fecha");