CREATE TABLE "codigos_vinculacion" (
	"alumno_id" integer PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"creado_por" integer,
	"bloqueado" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "intentos_vinculacion" (
	"id" serial PRIMARY KEY NOT NULL,
	"alumno_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"cuando" timestamp with time zone DEFAULT now() NOT NULL,
	"acierto" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispositivos_admin" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_uso" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"huella_clave" text NOT NULL,
	"revocado" timestamp with time zone,
	"revocado_por" integer
);
--> statement-breakpoint
ALTER TABLE "auditoria" DROP CONSTRAINT "auditoria_usuario_id_usuarios_id_fk";
--> statement-breakpoint
ALTER TABLE "alumnos_referentes" ADD COLUMN "confirmado_con" text;--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "impersonado_por" integer;--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "impersonado_por" integer;--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "dispositivo_id" uuid;--> statement-breakpoint
ALTER TABLE "codigos_vinculacion" ADD CONSTRAINT "codigos_vinculacion_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codigos_vinculacion" ADD CONSTRAINT "codigos_vinculacion_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intentos_vinculacion" ADD CONSTRAINT "intentos_vinculacion_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intentos_vinculacion" ADD CONSTRAINT "intentos_vinculacion_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispositivos_admin" ADD CONSTRAINT "dispositivos_admin_revocado_por_usuarios_id_fk" FOREIGN KEY ("revocado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codigos_vinculacion_codigo_idx" ON "codigos_vinculacion" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "intentos_vinculacion_alumno_idx" ON "intentos_vinculacion" USING btree ("alumno_id","cuando");--> statement-breakpoint
CREATE INDEX "intentos_vinculacion_usuario_idx" ON "intentos_vinculacion" USING btree ("usuario_id","cuando");--> statement-breakpoint
CREATE INDEX "dispositivos_admin_creado_idx" ON "dispositivos_admin" USING btree ("creado");--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_impersonado_por_usuarios_id_fk" FOREIGN KEY ("impersonado_por") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_dispositivo_id_dispositivos_admin_id_fk" FOREIGN KEY ("dispositivo_id") REFERENCES "public"."dispositivos_admin"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- La auditoría no se edita (issue 31 §14): ni el rol de la aplicación, dueño de la tabla, puede
-- cambiar o borrar una fila; sin clave foránea hacia usuarios, borrar un usuario no la toca.
CREATE OR REPLACE FUNCTION auditoria_inmutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'La auditoría no se modifica ni se borra.' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER auditoria_sin_cambios BEFORE UPDATE OR DELETE ON auditoria FOR EACH ROW EXECUTE FUNCTION auditoria_inmutable();
--> statement-breakpoint
CREATE TRIGGER auditoria_sin_vaciar BEFORE TRUNCATE ON auditoria FOR EACH STATEMENT EXECUTE FUNCTION auditoria_inmutable();
--> statement-breakpoint
-- La consola de reportes: los intentos de vinculación se leen; de los códigos de vinculación y de
-- los dispositivos de administración, todo salvo el secreto (el código, el id que lleva la cookie
-- y la huella de la clave).
DO $$
BEGIN
	IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'portal_lectura') THEN
		RETURN;
	END IF;
	GRANT SELECT ON intentos_vinculacion TO portal_lectura;
	GRANT SELECT (alumno_id, creado, creado_por, bloqueado) ON codigos_vinculacion TO portal_lectura;
	GRANT SELECT (creado, ultimo_uso, ip, user_agent, revocado, revocado_por) ON dispositivos_admin TO portal_lectura;
END
$$;
