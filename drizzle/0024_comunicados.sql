CREATE TABLE "comunicado_destinatarios" (
	"comunicado_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"alumno_id" integer NOT NULL,
	"tipo" text NOT NULL,
	CONSTRAINT "comunicado_destinatarios_comunicado_id_usuario_id_alumno_id_pk" PRIMARY KEY("comunicado_id","usuario_id","alumno_id"),
	CONSTRAINT "comunicado_destinatarios_tipo" CHECK ("comunicado_destinatarios"."tipo" in ('referente', 'alumno'))
);
--> statement-breakpoint
CREATE TABLE "comunicado_lecturas" (
	"comunicado_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"leido" timestamp with time zone NOT NULL,
	"confirmado" timestamp with time zone,
	CONSTRAINT "comunicado_lecturas_comunicado_id_usuario_id_pk" PRIMARY KEY("comunicado_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "comunicados" (
	"id" serial PRIMARY KEY NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"autor_id" integer NOT NULL,
	"autor_rol" integer NOT NULL,
	"ciclolectivo" integer NOT NULL,
	"audiencia" text NOT NULL,
	"anio" smallint,
	"curso_id" integer,
	"cursado_id" integer,
	"adjunto_id" integer,
	"requiere_confirmacion" boolean DEFAULT false NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"editado" timestamp with time zone,
	CONSTRAINT "comunicados_audiencia" CHECK ("comunicados"."audiencia" in ('escuela', 'anio', 'curso', 'cursado'))
);
--> statement-breakpoint
ALTER TABLE "comunicado_destinatarios" ADD CONSTRAINT "comunicado_destinatarios_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_destinatarios" ADD CONSTRAINT "comunicado_destinatarios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_destinatarios" ADD CONSTRAINT "comunicado_destinatarios_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_lecturas" ADD CONSTRAINT "comunicado_lecturas_comunicado_id_comunicados_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_lecturas" ADD CONSTRAINT "comunicado_lecturas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicados" ADD CONSTRAINT "comunicados_adjunto_id_archivos_id_fk" FOREIGN KEY ("adjunto_id") REFERENCES "public"."archivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comunicado_destinatarios_usuario" ON "comunicado_destinatarios" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "comunicados_autor" ON "comunicados" USING btree ("autor_id","creado");--> statement-breakpoint
CREATE INDEX "comunicados_creado" ON "comunicados" USING btree ("creado");--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'portal_lectura') THEN
    GRANT SELECT ON comunicados, comunicado_destinatarios, comunicado_lecturas TO portal_lectura;
  END IF;
END $$;
