CREATE TABLE "asistencias" (
	"id" serial PRIMARY KEY NOT NULL,
	"alumno_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"turno" text NOT NULL,
	"tipo" text NOT NULL,
	"circunstancia" text DEFAULT 'Normal' NOT NULL,
	"justificada" boolean DEFAULT false NOT NULL,
	"justificacion" text,
	"creado_por" integer,
	"modificado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asistencias_turno" CHECK ("asistencias"."turno" in ('Mañana', 'Tarde')),
	CONSTRAINT "asistencias_tipo" CHECK ("asistencias"."tipo" in ('Falta', 'Tardanza Ingreso', 'Tardanza Recreo', 'Retiro con Permiso (Falta)', 'Retiro con Permiso (Media)', 'Ingreso Autorizado (Falta)')),
	CONSTRAINT "asistencias_circunstancia" CHECK ("asistencias"."circunstancia" in ('Normal', 'Educación Física')),
	CONSTRAINT "asistencias_justificacion" CHECK ("asistencias"."justificada" or "asistencias"."justificacion" is null)
);
--> statement-breakpoint
CREATE TABLE "medidas" (
	"id" serial PRIMARY KEY NOT NULL,
	"alumno_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"fecha" date NOT NULL,
	"turno" text NOT NULL,
	"cantidad" numeric(3, 1),
	"motivo" text DEFAULT '' NOT NULL,
	"creado_por" integer,
	"modificado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medidas_tipo" CHECK ("medidas"."tipo" in ('amonestacion', 'apercibimiento', 'colectiva')),
	CONSTRAINT "medidas_turno" CHECK ("medidas"."turno" in ('Mañana', 'Tarde')),
	CONSTRAINT "medidas_cantidad" CHECK ("medidas"."cantidad" is null or ("medidas"."cantidad" between 0 and 15 and "medidas"."cantidad" * 2 = floor("medidas"."cantidad" * 2)))
);
--> statement-breakpoint
CREATE TABLE "reincorporaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"alumno_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"cantidad" numeric(5, 1) NOT NULL,
	"creado_por" integer,
	CONSTRAINT "reincorporaciones_cantidad" CHECK ("reincorporaciones"."cantidad" >= 1 and "reincorporaciones"."cantidad" * 2 = floor("reincorporaciones"."cantidad" * 2))
);
--> statement-breakpoint
ALTER TABLE "asistencias" ADD CONSTRAINT "asistencias_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asistencias" ADD CONSTRAINT "asistencias_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medidas" ADD CONSTRAINT "medidas_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medidas" ADD CONSTRAINT "medidas_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reincorporaciones" ADD CONSTRAINT "reincorporaciones_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reincorporaciones" ADD CONSTRAINT "reincorporaciones_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asistencias_alumno_fecha_turno_tipo_idx" ON "asistencias" USING btree ("alumno_id","fecha","turno","tipo");--> statement-breakpoint
CREATE INDEX "asistencias_fecha_idx" ON "asistencias" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "medidas_alumno_fecha_idx" ON "medidas" USING btree ("alumno_id","fecha");--> statement-breakpoint
CREATE INDEX "reincorporaciones_alumno_idx" ON "reincorporaciones" USING btree ("alumno_id","fecha");