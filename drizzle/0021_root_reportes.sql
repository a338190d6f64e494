-- La consola de reportes de root (/root/reportes) corre en su PROPIA conexión, que ingresa como
-- portal_reportes (REPORTES_DATABASE_URL): un rol con LOGIN, miembro de portal_lectura (hereda
-- sus permisos: sólo SELECT, sin los secretos; migración 0017 y las de cada tabla nueva), que no
-- es miembro del dueño de las tablas. Así ningún SET ROLE ni set_config('role', …) dentro de una
-- consulta vuelve al dueño: el usuario de la sesión ES el rol de lectura (issue 31, punto 12).
-- Cada transacción suya es de sólo lectura y se corta a los 5 s, también si alguien se conecta
-- con ese rol por fuera del portal.
-- El rol se crea sin clave: quien opera el servidor le pone una (ALTER ROLE portal_reportes
-- PASSWORD '…') y la escribe en REPORTES_DATABASE_URL. Sin CREATEROLE, la migración avisa y
-- sigue (la consola responde que no está configurada); un administrador de la base lo crea con
-- las mismas sentencias (README, "Herramientas de root").
DO $$
BEGIN
	IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'portal_lectura') THEN
		RAISE WARNING 'No existe el rol portal_lectura: no se crea portal_reportes y la consola de reportes no estará disponible.';
		RETURN;
	END IF;
	IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'portal_reportes') THEN
		BEGIN
			CREATE ROLE portal_reportes LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE INHERIT NOREPLICATION NOBYPASSRLS IN ROLE portal_lectura;
		EXCEPTION
			WHEN duplicate_object OR unique_violation THEN NULL;
			WHEN insufficient_privilege THEN
				RAISE WARNING 'No se pudo crear el rol portal_reportes (falta CREATEROLE): la consola de reportes no estará disponible.';
				RETURN;
		END;
	END IF;
	BEGIN
		ALTER ROLE portal_reportes SET default_transaction_read_only = on;
		ALTER ROLE portal_reportes SET statement_timeout = '5s';
		ALTER ROLE portal_reportes SET idle_in_transaction_session_timeout = '10s';
	EXCEPTION
		WHEN insufficient_privilege THEN
			RAISE WARNING 'No se pudo configurar el rol portal_reportes: la consola igual usa transacciones de sólo lectura con tiempo máximo.';
	END;
END
$$;
