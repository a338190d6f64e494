CREATE TYPE "public"."genero" AS ENUM('Otro', 'Masculino', 'Femenino');--> statement-breakpoint
CREATE TABLE "alumnos" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer,
	"dni" integer NOT NULL,
	"apellido" text NOT NULL,
	"nombre" text NOT NULL,
	"genero" "genero",
	"email" text,
	"telefono" text,
	"habilitado" boolean DEFAULT true NOT NULL,
	"nacimiento" date,
	"pronombre" text
);
--> statement-breakpoint
CREATE TABLE "alumnos_cursos" (
	"id" serial PRIMARY KEY NOT NULL,
	"alumno_id" integer NOT NULL,
	"curso_id" integer NOT NULL,
	"ciclolectivo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alumnos_referentes" (
	"alumno_id" integer NOT NULL,
	"referente_id" integer NOT NULL,
	CONSTRAINT "alumnos_referentes_alumno_id_referente_id_pk" PRIMARY KEY("alumno_id","referente_id")
);
--> statement-breakpoint
CREATE TABLE "referentes" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer,
	"apellido" text NOT NULL,
	"nombre" text NOT NULL,
	"email" text,
	"telefono" text,
	"exalumno" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text NOT NULL,
	"telefono" text,
	"rls" integer NOT NULL,
	"habilitado" boolean DEFAULT true NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coordinadores_materias" (
	"usuario_id" integer NOT NULL,
	"materia_id" integer NOT NULL,
	CONSTRAINT "coordinadores_materias_usuario_id_materia_id_pk" PRIMARY KEY("usuario_id","materia_id")
);
--> statement-breakpoint
CREATE TABLE "cursados" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"modalidad" integer DEFAULT 0 NOT NULL,
	"horas" integer DEFAULT 2 NOT NULL,
	"ciclolectivo" integer NOT NULL,
	"detalles" text,
	"periodos_cerrados" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cursados_modalidad_rango" CHECK ("cursados"."modalidad" between 0 and 3),
	CONSTRAINT "cursados_horas_min" CHECK ("cursados"."horas" >= 1)
);
--> statement-breakpoint
CREATE TABLE "cursados_cursos" (
	"cursado_id" integer NOT NULL,
	"curso_id" integer NOT NULL,
	CONSTRAINT "cursados_cursos_cursado_id_curso_id_pk" PRIMARY KEY("cursado_id","curso_id")
);
--> statement-breakpoint
CREATE TABLE "cursados_docentes" (
	"cursado_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "cursados_docentes_cursado_id_usuario_id_pk" PRIMARY KEY("cursado_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "cursados_materias" (
	"cursado_id" integer NOT NULL,
	"materia_id" integer NOT NULL,
	CONSTRAINT "cursados_materias_cursado_id_materia_id_pk" PRIMARY KEY("cursado_id","materia_id")
);
--> statement-breakpoint
CREATE TABLE "cursos" (
	"id" serial PRIMARY KEY NOT NULL,
	"anio" integer NOT NULL,
	"division" integer NOT NULL,
	"especialidad" text NOT NULL,
	CONSTRAINT "cursos_anio_rango" CHECK ("cursos"."anio" between 1 and 6),
	CONSTRAINT "cursos_division_rango" CHECK ("cursos"."division" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "departamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	CONSTRAINT "departamentos_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "jefes_departamento" (
	"usuario_id" integer NOT NULL,
	"departamento_id" integer NOT NULL,
	CONSTRAINT "jefes_departamento_usuario_id_departamento_id_pk" PRIMARY KEY("usuario_id","departamento_id")
);
--> statement-breakpoint
CREATE TABLE "materias" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"codigo" text NOT NULL,
	"anio" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"departamento_id" integer NOT NULL,
	CONSTRAINT "materias_codigo_largo" CHECK (char_length("materias"."codigo") between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "planes" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"anio" integer NOT NULL,
	"nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preceptores_cursos" (
	"usuario_id" integer NOT NULL,
	"curso_id" integer NOT NULL,
	CONSTRAINT "preceptores_cursos_usuario_id_curso_id_pk" PRIMARY KEY("usuario_id","curso_id")
);
--> statement-breakpoint
CREATE TABLE "inscripciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"alumno_id" integer NOT NULL,
	"cursado_id" integer NOT NULL,
	"materia_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archivos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"tamanio" integer NOT NULL,
	"sha256" text NOT NULL,
	"datos" "bytea" NOT NULL,
	"subido_por" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "archivos_tamanio_max" CHECK ("archivos"."tamanio" <= 10485760)
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cuando" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"rol" integer,
	"accion" text NOT NULL,
	"entidad" text NOT NULL,
	"entidad_id" text,
	"antes" jsonb,
	"despues" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "calendario" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" date NOT NULL,
	"tipo" text NOT NULL,
	"area" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configuracion" (
	"clave" text PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alumnos" ADD CONSTRAINT "alumnos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alumnos_cursos" ADD CONSTRAINT "alumnos_cursos_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alumnos_cursos" ADD CONSTRAINT "alumnos_cursos_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alumnos_referentes" ADD CONSTRAINT "alumnos_referentes_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alumnos_referentes" ADD CONSTRAINT "alumnos_referentes_referente_id_referentes_id_fk" FOREIGN KEY ("referente_id") REFERENCES "public"."referentes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referentes" ADD CONSTRAINT "referentes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coordinadores_materias" ADD CONSTRAINT "coordinadores_materias_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coordinadores_materias" ADD CONSTRAINT "coordinadores_materias_materia_id_materias_id_fk" FOREIGN KEY ("materia_id") REFERENCES "public"."materias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursados_cursos" ADD CONSTRAINT "cursados_cursos_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursados_cursos" ADD CONSTRAINT "cursados_cursos_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursados_docentes" ADD CONSTRAINT "cursados_docentes_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursados_docentes" ADD CONSTRAINT "cursados_docentes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursados_materias" ADD CONSTRAINT "cursados_materias_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cursados_materias" ADD CONSTRAINT "cursados_materias_materia_id_materias_id_fk" FOREIGN KEY ("materia_id") REFERENCES "public"."materias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jefes_departamento" ADD CONSTRAINT "jefes_departamento_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jefes_departamento" ADD CONSTRAINT "jefes_departamento_departamento_id_departamentos_id_fk" FOREIGN KEY ("departamento_id") REFERENCES "public"."departamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materias" ADD CONSTRAINT "materias_plan_id_planes_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materias" ADD CONSTRAINT "materias_departamento_id_departamentos_id_fk" FOREIGN KEY ("departamento_id") REFERENCES "public"."departamentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preceptores_cursos" ADD CONSTRAINT "preceptores_cursos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preceptores_cursos" ADD CONSTRAINT "preceptores_cursos_curso_id_cursos_id_fk" FOREIGN KEY ("curso_id") REFERENCES "public"."cursos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscripciones" ADD CONSTRAINT "inscripciones_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscripciones" ADD CONSTRAINT "inscripciones_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscripciones" ADD CONSTRAINT "inscripciones_materia_id_materias_id_fk" FOREIGN KEY ("materia_id") REFERENCES "public"."materias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archivos" ADD CONSTRAINT "archivos_subido_por_usuarios_id_fk" FOREIGN KEY ("subido_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alumnos_dni_idx" ON "alumnos" USING btree ("dni");--> statement-breakpoint
CREATE UNIQUE INDEX "alumnos_usuario_idx" ON "alumnos" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "alumnos_apellido_idx" ON "alumnos" USING btree ("apellido","nombre");--> statement-breakpoint
CREATE UNIQUE INDEX "alumnos_cursos_alumno_ciclo_idx" ON "alumnos_cursos" USING btree ("alumno_id","ciclolectivo");--> statement-breakpoint
CREATE INDEX "alumnos_cursos_curso_ciclo_idx" ON "alumnos_cursos" USING btree ("curso_id","ciclolectivo");--> statement-breakpoint
CREATE INDEX "alumnos_referentes_referente_idx" ON "alumnos_referentes" USING btree ("referente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referentes_usuario_idx" ON "referentes" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_idx" ON "usuarios" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "cursados_ciclo_idx" ON "cursados" USING btree ("ciclolectivo");--> statement-breakpoint
CREATE INDEX "cursados_cursos_curso_idx" ON "cursados_cursos" USING btree ("curso_id");--> statement-breakpoint
CREATE INDEX "cursados_docentes_usuario_idx" ON "cursados_docentes" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "cursados_materias_materia_idx" ON "cursados_materias" USING btree ("materia_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cursos_anio_division_idx" ON "cursos" USING btree ("anio","division");--> statement-breakpoint
CREATE UNIQUE INDEX "materias_plan_codigo_idx" ON "materias" USING btree ("plan_id","codigo");--> statement-breakpoint
CREATE INDEX "materias_departamento_idx" ON "materias" USING btree ("departamento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planes_codigo_anio_idx" ON "planes" USING btree ("codigo","anio");--> statement-breakpoint
CREATE INDEX "preceptores_cursos_curso_idx" ON "preceptores_cursos" USING btree ("curso_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inscripciones_alumno_cursado_idx" ON "inscripciones" USING btree ("alumno_id","cursado_id");--> statement-breakpoint
CREATE INDEX "inscripciones_cursado_idx" ON "inscripciones" USING btree ("cursado_id");--> statement-breakpoint
CREATE INDEX "auditoria_cuando_idx" ON "auditoria" USING btree ("cuando");--> statement-breakpoint
CREATE INDEX "auditoria_entidad_idx" ON "auditoria" USING btree ("entidad","entidad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendario_fecha_tipo_area_idx" ON "calendario" USING btree ("fecha","tipo","area");