CREATE TABLE "asistencias_envios" (
	"id" uuid PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"curso_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"turno" text NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asistencias_envios_turno" CHECK ("asistencias_envios"."turno" in ('Mañana', 'Tarde'))
);
--> statement-breakpoint
ALTER TABLE "asistencias_envios" ADD CONSTRAINT "asistencias_envios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asistencias_envios" ADD CONSTRAINT "asistencias_envios_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asistencias_envios_usuario_idx" ON "asistencias_envios" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "asistencias_envios_curso_idx" ON "asistencias_envios" USING btree ("curso_id","fecha");--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'portal_lectura') THEN
    GRANT SELECT ON asistencias_envios TO portal_lectura;
  END IF;
END $$;
