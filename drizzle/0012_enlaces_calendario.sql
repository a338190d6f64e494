CREATE TABLE "enlaces_calendario" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enlaces_calendario_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "enlaces_calendario" ADD CONSTRAINT "enlaces_calendario_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;