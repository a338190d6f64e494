CREATE TABLE "declaraciones_ingles" (
	"id" serial PRIMARY KEY NOT NULL,
	"alumno_id" integer NOT NULL,
	"ciclolectivo" integer NOT NULL,
	"nivel_nuevo" integer NOT NULL,
	"nivel_viejo" text NOT NULL,
	"referente_id" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "declaraciones_ingles_nivel_nuevo" CHECK ("declaraciones_ingles"."nivel_nuevo" in (1, 2)),
	CONSTRAINT "declaraciones_ingles_nivel_viejo" CHECK ("declaraciones_ingles"."nivel_viejo" in ('inicial', 'intermedio', 'avanzado', '1', '2'))
);
--> statement-breakpoint
CREATE TABLE "fichas_medicas" (
	"inscripcion_id" integer PRIMARY KEY NOT NULL,
	"grupo_sanguineo" text NOT NULL,
	"factor_rh" text NOT NULL,
	"peso_kilogramos" numeric(5, 1) NOT NULL,
	"altura_centimetros" numeric(5, 1) NOT NULL,
	"tiene_servicio_emergencia" boolean DEFAULT false NOT NULL,
	"nombre_servicio_emergencia" text,
	"carnet_servicio_emergencia" text,
	"telefono_servicio_emergencia" text,
	"tiene_obra_social" boolean DEFAULT false NOT NULL,
	"nombre_obra_social" text,
	"carnet_obra_social" text,
	"telefono_obra_social" text,
	"antecedentes" jsonb NOT NULL,
	"respuestas" jsonb NOT NULL,
	CONSTRAINT "fichas_medicas_grupo" CHECK ("fichas_medicas"."grupo_sanguineo" in ('0', 'A', 'B', 'AB')),
	CONSTRAINT "fichas_medicas_rh" CHECK ("fichas_medicas"."factor_rh" in ('+', '-')),
	CONSTRAINT "fichas_medicas_peso" CHECK ("fichas_medicas"."peso_kilogramos" >= 1),
	CONSTRAINT "fichas_medicas_altura" CHECK ("fichas_medicas"."altura_centimetros" >= 1)
);
--> statement-breakpoint
CREATE TABLE "inscripciones_anuales" (
	"id" serial PRIMARY KEY NOT NULL,
	"alumno_id" integer NOT NULL,
	"ciclolectivo" integer NOT NULL,
	"referente_id" integer,
	"email" text NOT NULL,
	"telefono" text NOT NULL,
	"cuil" text NOT NULL,
	"calle" text NOT NULL,
	"altura" text NOT NULL,
	"localidad" text NOT NULL,
	"comprobante_id" integer NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"observacion" text,
	"revisado_por" integer,
	"revisado" timestamp with time zone,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inscripciones_anuales_estado" CHECK ("inscripciones_anuales"."estado" in ('pendiente', 'verificada', 'observada')),
	CONSTRAINT "inscripciones_anuales_cuil" CHECK ("inscripciones_anuales"."cuil" ~ '^[0-9]{2}-[0-9]{8}-[0-9]$')
);
--> statement-breakpoint
CREATE TABLE "reglamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"clase" text NOT NULL,
	"tipo" text DEFAULT 'PDF' NOT NULL,
	"contenido" text NOT NULL,
	"respuestas_posibles" text[],
	"version" integer DEFAULT 1 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reglamentos_clase" CHECK ("reglamentos"."clase" in ('reglamento', 'autorizacion'))
);
--> statement-breakpoint
CREATE TABLE "respuestas_reglamentos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reglamento_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"alumno_id" integer,
	"respuesta" text NOT NULL,
	"contenido" text NOT NULL,
	"version" integer NOT NULL,
	"respondido" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "declaraciones_ingles" ADD CONSTRAINT "declaraciones_ingles_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "declaraciones_ingles" ADD CONSTRAINT "declaraciones_ingles_referente_id_referentes_id_fk" FOREIGN KEY ("referente_id") REFERENCES "public"."referentes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichas_medicas" ADD CONSTRAINT "fichas_medicas_inscripcion_id_inscripciones_anuales_id_fk" FOREIGN KEY ("inscripcion_id") REFERENCES "public"."inscripciones_anuales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscripciones_anuales" ADD CONSTRAINT "inscripciones_anuales_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscripciones_anuales" ADD CONSTRAINT "inscripciones_anuales_referente_id_referentes_id_fk" FOREIGN KEY ("referente_id") REFERENCES "public"."referentes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscripciones_anuales" ADD CONSTRAINT "inscripciones_anuales_comprobante_id_archivos_id_fk" FOREIGN KEY ("comprobante_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscripciones_anuales" ADD CONSTRAINT "inscripciones_anuales_revisado_por_usuarios_id_fk" FOREIGN KEY ("revisado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuestas_reglamentos" ADD CONSTRAINT "respuestas_reglamentos_reglamento_id_reglamentos_id_fk" FOREIGN KEY ("reglamento_id") REFERENCES "public"."reglamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuestas_reglamentos" ADD CONSTRAINT "respuestas_reglamentos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respuestas_reglamentos" ADD CONSTRAINT "respuestas_reglamentos_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "declaraciones_ingles_alumno_ciclo_idx" ON "declaraciones_ingles" USING btree ("alumno_id","ciclolectivo");--> statement-breakpoint
CREATE UNIQUE INDEX "inscripciones_anuales_alumno_ciclo_idx" ON "inscripciones_anuales" USING btree ("alumno_id","ciclolectivo");--> statement-breakpoint
CREATE INDEX "inscripciones_anuales_ciclo_idx" ON "inscripciones_anuales" USING btree ("ciclolectivo");--> statement-breakpoint
CREATE UNIQUE INDEX "reglamentos_nombre_idx" ON "reglamentos" USING btree ("nombre");--> statement-breakpoint
CREATE INDEX "respuestas_reglamentos_usuario_idx" ON "respuestas_reglamentos" USING btree ("usuario_id","reglamento_id");