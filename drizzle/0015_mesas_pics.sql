CREATE TABLE "mesas" (
	"id" serial PRIMARY KEY NOT NULL,
	"comienzo" timestamp with time zone NOT NULL,
	"instancia" text NOT NULL,
	"aula" text,
	"creada_por" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "mesas_instancia_largo" CHECK (char_length("mesas"."instancia") between 1 and 100),
	CONSTRAINT "mesas_aula_largo" CHECK (char_length("mesas"."aula") <= 50)
);
--> statement-breakpoint
CREATE TABLE "mesas_alumnos" (
	"mesa_id" integer NOT NULL,
	"materia_id" integer NOT NULL,
	"alumno_id" integer NOT NULL,
	"cursado_id" integer NOT NULL,
	"nota" real,
	"tipo_nota" text,
	"modificado_por" integer,
	"modificado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mesas_alumnos_mesa_id_materia_id_alumno_id_pk" PRIMARY KEY("mesa_id","materia_id","alumno_id"),
	CONSTRAINT "mesas_alumnos_resultado" CHECK (("mesas_alumnos"."tipo_nota" is null and "mesas_alumnos"."nota" is null) or ("mesas_alumnos"."tipo_nota" = 'normal' and "mesas_alumnos"."nota" between 1 and 10 and "mesas_alumnos"."nota" * 2 = floor("mesas_alumnos"."nota" * 2)) or ("mesas_alumnos"."tipo_nota" in ('ausente', 'adeuda_correlativa') and "mesas_alumnos"."nota" is null))
);
--> statement-breakpoint
CREATE TABLE "mesas_materias" (
	"mesa_id" integer NOT NULL,
	"materia_id" integer NOT NULL,
	"orden" integer NOT NULL,
	"cerrada_por" integer,
	"cerrada_en" timestamp with time zone,
	CONSTRAINT "mesas_materias_mesa_id_materia_id_pk" PRIMARY KEY("mesa_id","materia_id")
);
--> statement-breakpoint
CREATE TABLE "mesas_tribunal" (
	"mesa_id" integer NOT NULL,
	"docente_id" integer NOT NULL,
	"orden" integer NOT NULL,
	CONSTRAINT "mesas_tribunal_mesa_id_docente_id_pk" PRIMARY KEY("mesa_id","docente_id")
);
--> statement-breakpoint
CREATE TABLE "pics" (
	"id" serial PRIMARY KEY NOT NULL,
	"ciclolectivo" integer NOT NULL,
	"materia_id" integer NOT NULL,
	"cuatrimestre" integer NOT NULL,
	"comienzo" timestamp with time zone NOT NULL,
	"aula" text,
	"cerrada" boolean DEFAULT false NOT NULL,
	"cerrada_por" integer,
	"cerrada_en" timestamp with time zone,
	CONSTRAINT "pics_cuatrimestre" CHECK ("pics"."cuatrimestre" in (1, 2)),
	CONSTRAINT "pics_aula_largo" CHECK (char_length("pics"."aula") <= 50)
);
--> statement-breakpoint
CREATE TABLE "pics_alumnos" (
	"pic_id" integer NOT NULL,
	"alumno_id" integer NOT NULL,
	"ajuste" text,
	"nota" integer,
	"ausente" boolean DEFAULT false NOT NULL,
	"modificado_por" integer,
	"modificado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pics_alumnos_pic_id_alumno_id_pk" PRIMARY KEY("pic_id","alumno_id"),
	CONSTRAINT "pics_alumnos_ajuste" CHECK ("pics_alumnos"."ajuste" is null or "pics_alumnos"."ajuste" in ('agregado', 'quitado')),
	CONSTRAINT "pics_alumnos_nota" CHECK (("pics_alumnos"."ausente" and "pics_alumnos"."nota" is null) or (not "pics_alumnos"."ausente" and ("pics_alumnos"."nota" is null or "pics_alumnos"."nota" between 1 and 10)))
);
--> statement-breakpoint
ALTER TABLE "mesas" ADD CONSTRAINT "mesas_creada_por_usuarios_id_fk" FOREIGN KEY ("creada_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mesas_alumnos" ADD CONSTRAINT "mesas_alumnos_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mesas_alumnos" ADD CONSTRAINT "mesas_alumnos_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mesas_alumnos" ADD CONSTRAINT "mesas_alumnos_modificado_por_usuarios_id_fk" FOREIGN KEY ("modificado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mesas_alumnos" ADD CONSTRAINT "mesas_alumnos_materia_fk" FOREIGN KEY ("mesa_id","materia_id") REFERENCES "public"."mesas_materias"("mesa_id","materia_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mesas_materias" ADD CONSTRAINT "mesas_materias_mesa_id_mesas_id_fk" FOREIGN KEY ("mesa_id") REFERENCES "public"."mesas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mesas_materias" ADD CONSTRAINT "mesas_materias_materia_id_materias_id_fk" FOREIGN KEY ("materia_id") REFERENCES "public"."materias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mesas_materias" ADD CONSTRAINT "mesas_materias_cerrada_por_usuarios_id_fk" FOREIGN KEY ("cerrada_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mesas_tribunal" ADD CONSTRAINT "mesas_tribunal_mesa_id_mesas_id_fk" FOREIGN KEY ("mesa_id") REFERENCES "public"."mesas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mesas_tribunal" ADD CONSTRAINT "mesas_tribunal_docente_id_usuarios_id_fk" FOREIGN KEY ("docente_id") REFERENCES "public"."usuarios"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pics" ADD CONSTRAINT "pics_materia_id_materias_id_fk" FOREIGN KEY ("materia_id") REFERENCES "public"."materias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pics" ADD CONSTRAINT "pics_cerrada_por_usuarios_id_fk" FOREIGN KEY ("cerrada_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pics_alumnos" ADD CONSTRAINT "pics_alumnos_pic_id_pics_id_fk" FOREIGN KEY ("pic_id") REFERENCES "public"."pics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pics_alumnos" ADD CONSTRAINT "pics_alumnos_alumno_id_alumnos_id_fk" FOREIGN KEY ("alumno_id") REFERENCES "public"."alumnos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pics_alumnos" ADD CONSTRAINT "pics_alumnos_modificado_por_usuarios_id_fk" FOREIGN KEY ("modificado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mesas_comienzo_idx" ON "mesas" USING btree ("comienzo");--> statement-breakpoint
CREATE INDEX "mesas_alumnos_alumno_idx" ON "mesas_alumnos" USING btree ("alumno_id");--> statement-breakpoint
CREATE INDEX "mesas_materias_materia_idx" ON "mesas_materias" USING btree ("materia_id");--> statement-breakpoint
CREATE INDEX "mesas_tribunal_docente_idx" ON "mesas_tribunal" USING btree ("docente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pics_ciclo_materia_cuatrimestre_idx" ON "pics" USING btree ("ciclolectivo","materia_id","cuatrimestre");--> statement-breakpoint
CREATE INDEX "pics_comienzo_idx" ON "pics" USING btree ("comienzo");--> statement-breakpoint
CREATE INDEX "pics_alumnos_alumno_idx" ON "pics_alumnos" USING btree ("alumno_id");