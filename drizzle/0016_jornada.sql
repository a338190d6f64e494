CREATE TABLE "jcd_actividades" (
	"id" serial PRIMARY KEY NOT NULL,
	"ciclolectivo" integer NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"imagen_id" integer,
	"cupos" integer NOT NULL,
	"comienzo" text NOT NULL,
	"fin" text NOT NULL,
	"aula" text,
	"mascara" integer NOT NULL,
	"creada_por" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "jcd_actividades_nombre" CHECK (char_length("jcd_actividades"."nombre") between 1 and 100),
	CONSTRAINT "jcd_actividades_descripcion" CHECK (char_length("jcd_actividades"."descripcion") <= 2000),
	CONSTRAINT "jcd_actividades_aula" CHECK (char_length("jcd_actividades"."aula") <= 50),
	CONSTRAINT "jcd_actividades_cupos" CHECK ("jcd_actividades"."cupos" between 1 and 1000),
	CONSTRAINT "jcd_actividades_horario" CHECK ("jcd_actividades"."comienzo" ~ '^[0-2][0-9]:[0-5][0-9]$' and "jcd_actividades"."fin" ~ '^[0-2][0-9]:[0-5][0-9]$' and "jcd_actividades"."comienzo" >= '07:30' and "jcd_actividades"."fin" <= '14:00' and "jcd_actividades"."comienzo" < "jcd_actividades"."fin"),
	CONSTRAINT "jcd_actividades_mascara" CHECK ("jcd_actividades"."mascara" between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "jcd_elecciones" (
	"alumno_id" integer NOT NULL,
	"ciclolectivo" integer NOT NULL,
	"actividad_id" integer NOT NULL,
	"elegida" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jcd_elecciones_alumno_id_ciclolectivo_pk" PRIMARY KEY("alumno_id","ciclolectivo")
);
--> statement-breakpoint
ALTER TABLE "jcd_actividades" ADD CONSTRAINT "jcd_actividades_imagen_id_archivos_id_fk" FOREIGN KEY ("imagen_id") REFERENCES "public"."archivos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jcd_actividades" ADD CONSTRAINT "jcd_actividades_creada_por_usuarios_id_fk" FOREIGN KEY ("creada_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jcd_elecciones" ADD CONSTRAINT "jcd_elecciones_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jcd_elecciones" ADD CONSTRAINT "jcd_elecciones_actividad_id_jcd_actividades_id_fk" FOREIGN KEY ("actividad_id") REFERENCES "public"."jcd_actividades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jcd_actividades_ciclo_idx" ON "jcd_actividades" USING btree ("ciclolectivo");--> statement-breakpoint
CREATE INDEX "jcd_elecciones_actividad_idx" ON "jcd_elecciones" USING btree ("actividad_id");