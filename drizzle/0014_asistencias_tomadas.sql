CREATE TABLE "asistencias_tomadas" (
	"curso_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"turno" text NOT NULL,
	"usuario_id" integer,
	"en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asistencias_tomadas_curso_id_fecha_turno_pk" PRIMARY KEY("curso_id","fecha","turno"),
	CONSTRAINT "asistencias_tomadas_turno" CHECK ("asistencias_tomadas"."turno" in ('Mañana', 'Tarde'))
);
--> statement-breakpoint
ALTER TABLE "asistencias_tomadas" ADD CONSTRAINT "asistencias_tomadas_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asistencias_tomadas" ADD CONSTRAINT "asistencias_tomadas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asistencias_tomadas_fecha_idx" ON "asistencias_tomadas" USING btree ("fecha");