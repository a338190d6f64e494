CREATE TABLE "avisos" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"alumno_id" integer,
	"categoria" text NOT NULL,
	"clave" text NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"enlace" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"leido" timestamp with time zone,
	"correo" text DEFAULT 'no' NOT NULL,
	"envio_id" integer,
	CONSTRAINT "avisos_correo" CHECK ("avisos"."correo" in ('no', 'pendiente', 'enviado'))
);
--> statement-breakpoint
CREATE TABLE "avisos_ajustes" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"hora_resumen" smallint NOT NULL,
	CONSTRAINT "avisos_ajustes_hora" CHECK ("avisos_ajustes"."hora_resumen" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "avisos_consentimientos" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"cuando" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"origen" text NOT NULL,
	"cambios" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avisos_envios" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer,
	"email" text NOT NULL,
	"clave" text NOT NULL,
	"tipo" text NOT NULL,
	"categoria" text,
	"comunicado_id" integer,
	"asunto" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"motivo" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"message_id" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado" timestamp with time zone,
	CONSTRAINT "avisos_envios_estado" CHECK ("avisos_envios"."estado" in ('pendiente', 'enviado', 'fallido')),
	CONSTRAINT "avisos_envios_tipo" CHECK ("avisos_envios"."tipo" in ('inmediato', 'resumen', 'comunicado'))
);
--> statement-breakpoint
CREATE TABLE "avisos_preferencias" (
	"usuario_id" integer NOT NULL,
	"categoria" text NOT NULL,
	"modo" text NOT NULL,
	CONSTRAINT "avisos_preferencias_usuario_id_categoria_pk" PRIMARY KEY("usuario_id","categoria"),
	CONSTRAINT "avisos_preferencias_modo" CHECK ("avisos_preferencias"."modo" in ('no', 'inmediato', 'resumen'))
);
--> statement-breakpoint
ALTER TABLE "avisos" ADD CONSTRAINT "avisos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos" ADD CONSTRAINT "avisos_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_ajustes" ADD CONSTRAINT "avisos_ajustes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_consentimientos" ADD CONSTRAINT "avisos_consentimientos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_envios" ADD CONSTRAINT "avisos_envios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_preferencias" ADD CONSTRAINT "avisos_preferencias_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "avisos_usuario_clave" ON "avisos" USING btree ("usuario_id","clave");--> statement-breakpoint
CREATE INDEX "avisos_usuario_creado" ON "avisos" USING btree ("usuario_id","creado");--> statement-breakpoint
CREATE INDEX "avisos_pendientes_correo" ON "avisos" USING btree ("usuario_id","categoria") WHERE "avisos"."correo" = 'pendiente';--> statement-breakpoint
CREATE INDEX "avisos_consentimientos_usuario" ON "avisos_consentimientos" USING btree ("usuario_id","cuando");--> statement-breakpoint
CREATE UNIQUE INDEX "avisos_envios_clave" ON "avisos_envios" USING btree ("clave");--> statement-breakpoint
CREATE INDEX "avisos_envios_creado" ON "avisos_envios" USING btree ("creado");--> statement-breakpoint
CREATE INDEX "avisos_envios_comunicado" ON "avisos_envios" USING btree ("comunicado_id");--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'portal_lectura') THEN
    GRANT SELECT ON avisos, avisos_envios, avisos_preferencias, avisos_ajustes, avisos_consentimientos TO portal_lectura;
  END IF;
END $$;
