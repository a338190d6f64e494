CREATE TABLE "planificaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"cursado_id" integer NOT NULL,
	"autor_id" integer,
	"importada_de" integer,
	"publicado" boolean DEFAULT false NOT NULL,
	"materias" integer[] DEFAULT '{}'::int[] NOT NULL,
	"items" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"modificado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planificaciones" ADD CONSTRAINT "planificaciones_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planificaciones" ADD CONSTRAINT "planificaciones_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planificaciones" ADD CONSTRAINT "planificaciones_importada_de_planificaciones_id_fk" FOREIGN KEY ("importada_de") REFERENCES "public"."planificaciones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "planificaciones_cursado_idx" ON "planificaciones" USING btree ("cursado_id");