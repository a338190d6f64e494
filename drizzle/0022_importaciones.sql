CREATE TABLE "importacion_cambios" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"importacion_id" integer NOT NULL,
	"entidad" text NOT NULL,
	"clave" text NOT NULL,
	"accion" text NOT NULL,
	"antes" jsonb,
	"despues" jsonb
);
--> statement-breakpoint
CREATE TABLE "importaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"nombre" text NOT NULL,
	"sha256" text NOT NULL,
	"tamanio" integer NOT NULL,
	"estado" text DEFAULT 'subida' NOT NULL,
	"encabezados" jsonb NOT NULL,
	"filas" jsonb NOT NULL,
	"mapeo" jsonb,
	"vaciar" boolean,
	"cuentas" jsonb,
	"resultado" jsonb,
	"ciclo" integer,
	"aplicada" timestamp with time zone,
	"deshecha" timestamp with time zone,
	"deshecha_por" integer,
	CONSTRAINT "importaciones_estado" CHECK ("importaciones"."estado" in ('subida', 'aplicada', 'deshecha'))
);
--> statement-breakpoint
ALTER TABLE "importacion_cambios" ADD CONSTRAINT "importacion_cambios_importacion_id_importaciones_id_fk" FOREIGN KEY ("importacion_id") REFERENCES "public"."importaciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importaciones" ADD CONSTRAINT "importaciones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importaciones" ADD CONSTRAINT "importaciones_deshecha_por_usuarios_id_fk" FOREIGN KEY ("deshecha_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacion_cambios_importacion_idx" ON "importacion_cambios" USING btree ("importacion_id");--> statement-breakpoint
CREATE INDEX "importaciones_creado_idx" ON "importaciones" USING btree ("creado");--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'portal_lectura') THEN
    GRANT SELECT ON importaciones, importacion_cambios TO portal_lectura;
  END IF;
END $$;
