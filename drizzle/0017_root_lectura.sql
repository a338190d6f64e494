CREATE TABLE "registro" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cuando" timestamp with time zone DEFAULT now() NOT NULL,
	"nivel" text NOT NULL,
	"request_id" text,
	"ruta" text,
	"mensaje" text NOT NULL,
	CONSTRAINT "registro_mensaje_largo" CHECK (char_length("registro"."mensaje") <= 2000)
);
--> statement-breakpoint
CREATE INDEX "registro_cuando_idx" ON "registro" USING btree ("cuando");--> statement-breakpoint
-- La consola de reportes de root (/root/reportes) ejecuta cada consulta con SET LOCAL ROLE
-- portal_lectura dentro de una transacción READ ONLY: un rol sin login que sólo puede hacer SELECT
-- y no ve los secretos (la tabla sesiones, el secreto de enlaces_calendario, el contenido de
-- archivos). Los roles son del clúster y varias bases lo comparten (las de prueba): se crea una
-- sola vez (IF NOT EXISTS; si dos bases migran a la vez, la segunda encuentra el rol) y los
-- permisos se dan en cada base. El usuario de la aplicación debe ser miembro para poder usar
-- SET ROLE. Sin permiso para crear roles (un usuario sin CREATEROLE), la migración avisa y sigue:
-- la consola responde que no está disponible (SET ROLE falla: nunca corre sin el rol).
-- Una tabla nueva NO queda legible sola: su migración decide (GRANT SELECT … TO portal_lectura,
-- dentro de un DO que mire si el rol existe) y tests/integration/root.test.ts exige la decisión.
DO $$
BEGIN
	IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'portal_lectura') THEN
		BEGIN
			CREATE ROLE portal_lectura NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS;
		EXCEPTION
			WHEN duplicate_object OR unique_violation THEN NULL;
			WHEN insufficient_privilege THEN
				RAISE WARNING 'No se pudo crear el rol portal_lectura (falta CREATEROLE): la consola de reportes no estará disponible.';
		END;
	END IF;
	IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'portal_lectura') THEN
		RETURN;
	END IF;
	IF NOT pg_catalog.pg_has_role(current_user, 'portal_lectura', 'MEMBER') THEN
		BEGIN
			EXECUTE format('GRANT portal_lectura TO %I', current_user);
		EXCEPTION
			WHEN duplicate_object OR unique_violation THEN NULL;
			WHEN insufficient_privilege THEN
				RAISE WARNING 'No se pudo dar el rol portal_lectura a %: la consola de reportes no estará disponible.', current_user;
		END;
	END IF;
	REVOKE ALL ON ALL TABLES IN SCHEMA public FROM portal_lectura;
	REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM portal_lectura;
	GRANT USAGE ON SCHEMA public TO portal_lectura;
	GRANT SELECT ON ALL TABLES IN SCHEMA public TO portal_lectura;
	-- Los secretos: las sesiones abiertas (su id es la llave de cada ingreso), el secreto de la
	-- dirección privada del calendario y el contenido de los archivos subidos.
	REVOKE SELECT ON sesiones FROM portal_lectura;
	REVOKE SELECT ON enlaces_calendario FROM portal_lectura;
	GRANT SELECT (usuario_id, creado) ON enlaces_calendario TO portal_lectura;
	REVOKE SELECT ON archivos FROM portal_lectura;
	GRANT SELECT (id, nombre, tipo, tamanio, sha256, subido_por, creado) ON archivos TO portal_lectura;
END
$$;
