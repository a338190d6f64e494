CREATE TABLE "avances" (
	"planilla_id" integer NOT NULL,
	"alumno_id" integer NOT NULL,
	"tipos" integer DEFAULT 0 NOT NULL,
	"observaciones" text,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avances_planilla_id_alumno_id_pk" PRIMARY KEY("planilla_id","alumno_id"),
	CONSTRAINT "avances_tipos_rango" CHECK ("avances"."tipos" between 0 and 7),
	CONSTRAINT "avances_observaciones_largo" CHECK (char_length("avances"."observaciones") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "avances_planillas" (
	"id" serial PRIMARY KEY NOT NULL,
	"cursado_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"cerrada" boolean DEFAULT false NOT NULL,
	"cerrada_por" integer,
	"cerrada_en" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "avances" ADD CONSTRAINT "avances_planilla_id_avances_planillas_id_fk" FOREIGN KEY ("planilla_id") REFERENCES "public"."avances_planillas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avances" ADD CONSTRAINT "avances_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avances_planillas" ADD CONSTRAINT "avances_planillas_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avances_planillas" ADD CONSTRAINT "avances_planillas_cerrada_por_usuarios_id_fk" FOREIGN KEY ("cerrada_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avances_alumno_idx" ON "avances" USING btree ("alumno_id");--> statement-breakpoint
CREATE UNIQUE INDEX "avances_planillas_cursado_fecha_idx" ON "avances_planillas" USING btree ("cursado_id","fecha");