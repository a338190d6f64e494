CREATE TABLE "libro_temas" (
	"id" serial PRIMARY KEY NOT NULL,
	"cursado_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"texto" text NOT NULL,
	"autor_id" integer,
	"modificado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "libro_temas" ADD CONSTRAINT "libro_temas_cursado_id_cursados_id_fk" FOREIGN KEY ("cursado_id") REFERENCES "public"."cursados"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "libro_temas" ADD CONSTRAINT "libro_temas_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "libro_temas_cursado_fecha_idx" ON "libro_temas" USING btree ("cursado_id","fecha");