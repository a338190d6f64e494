CREATE TABLE "examenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"alumno_id" integer NOT NULL,
	"cursado_id" integer NOT NULL,
	"instancia" text NOT NULL,
	"fecha" date NOT NULL,
	"nota" real,
	"tipo_nota" text DEFAULT 'normal' NOT NULL,
	CONSTRAINT "examenes_tipo_nota" CHECK ("examenes"."tipo_nota" in ('normal', 'ausente', 'adeuda_correlativa')),
	CONSTRAINT "examenes_nota" CHECK (("examenes"."tipo_nota" = 'normal' and "examenes"."nota" between 1 and 10) or ("examenes"."tipo_nota" <> 'normal' and "examenes"."nota" is null))
);
--> statement-breakpoint
CREATE TABLE "notas" (
	"id" serial PRIMARY KEY NOT NULL,
	"alumno_id" integer NOT NULL,
	"cursado_id" integer NOT NULL,
	"cuatrimestre" integer NOT NULL,
	"nota" integer,
	"ausente" boolean DEFAULT false NOT NULL,
	"modificado_por" integer,
	"modificado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notas_cuatrimestre" CHECK ("notas"."cuatrimestre" in (1, 2)),
	CONSTRAINT "notas_valor" CHECK (("notas"."ausente" and "notas"."nota" is null) or (not "notas"."ausente" and ("notas"."nota" between 1 and 10 or "notas"."nota" = -1)))
);
--> statement-breakpoint
ALTER TABLE "examenes" ADD CONSTRAINT "examenes_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examenes" ADD CONSTRAINT "examenes_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notas" ADD CONSTRAINT "notas_modificado_por_usuarios_id_fk" FOREIGN KEY ("modificado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "examenes_alumno_cursado_instancia_fecha_idx" ON "examenes" USING btree ("alumno_id","cursado_id","instancia","fecha");--> statement-breakpoint
CREATE INDEX "examenes_cursado_idx" ON "examenes" USING btree ("cursado_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notas_alumno_cursado_cuatrimestre_idx" ON "notas" USING btree ("alumno_id","cursado_id","cuatrimestre");--> statement-breakpoint
CREATE INDEX "notas_cursado_idx" ON "notas" USING btree ("cursado_id");