CREATE TABLE "gimnasia_asignaciones" (
	"ciclolectivo" integer PRIMARY KEY NOT NULL,
	"semilla" integer NOT NULL,
	"asignada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"asignada_por" integer,
	"publicada" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gimnasia_elecciones" (
	"alumno_id" integer NOT NULL,
	"ciclolectivo" integer NOT NULL,
	"opcion1" integer NOT NULL,
	"opcion2" integer NOT NULL,
	"opcion3" integer NOT NULL,
	"asignada" integer,
	"elegida" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gimnasia_elecciones_alumno_id_ciclolectivo_pk" PRIMARY KEY("alumno_id","ciclolectivo"),
	CONSTRAINT "gimnasia_opciones" CHECK ("gimnasia_elecciones"."opcion1" between 1 and 12 and "gimnasia_elecciones"."opcion2" between 1 and 12 and "gimnasia_elecciones"."opcion3" between 1 and 12 and "gimnasia_elecciones"."opcion1" <> "gimnasia_elecciones"."opcion2" and "gimnasia_elecciones"."opcion1" <> "gimnasia_elecciones"."opcion3" and "gimnasia_elecciones"."opcion2" <> "gimnasia_elecciones"."opcion3"),
	CONSTRAINT "gimnasia_asignada" CHECK ("gimnasia_elecciones"."asignada" is null or "gimnasia_elecciones"."asignada" in ("gimnasia_elecciones"."opcion1", "gimnasia_elecciones"."opcion2", "gimnasia_elecciones"."opcion3"))
);
--> statement-breakpoint
ALTER TABLE "gimnasia_asignaciones" ADD CONSTRAINT "gimnasia_asignaciones_asignada_por_usuarios_id_fk" FOREIGN KEY ("asignada_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gimnasia_elecciones" ADD CONSTRAINT "gimnasia_elecciones_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'portal_lectura') THEN
    GRANT SELECT ON gimnasia_asignaciones, gimnasia_elecciones TO portal_lectura;
  END IF;
END $$;
