ALTER TABLE "alumnos_referentes" ADD COLUMN "confirmado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alumnos_referentes" ADD COLUMN "confirmado_por" integer;--> statement-breakpoint
ALTER TABLE "alumnos_referentes" ADD COLUMN "confirmado_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alumnos_referentes" ADD CONSTRAINT "alumnos_referentes_confirmado_por_usuarios_id_fk" FOREIGN KEY ("confirmado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Los vínculos que ya existían los cargó la escuela o ya estaban en uso: quedan confirmados.
UPDATE "alumnos_referentes" SET "confirmado" = true;--> statement-breakpoint
-- Cada usuario con el rol Referente Parental (256) sin fila de referente: se le vincula la que
-- la escuela cargó con su email y sin usuario (la más antigua)...
UPDATE "referentes" SET "usuario_id" = c."usuario_id"
FROM (
  SELECT DISTINCT ON (u."id") u."id" AS "usuario_id", r."id" AS "referente_id"
  FROM "usuarios" u
  JOIN "referentes" r ON r."usuario_id" IS NULL AND lower(r."email") = lower(u."email")
  WHERE (u."rls" & 256) <> 0
    AND NOT EXISTS (SELECT 1 FROM "referentes" x WHERE x."usuario_id" = u."id")
  ORDER BY u."id", r."id"
) c
WHERE "referentes"."id" = c."referente_id";--> statement-breakpoint
-- ...y si no hay, se le crea una con sus datos (el teléfono, sólo si es "área número").
INSERT INTO "referentes" ("usuario_id", "apellido", "nombre", "email", "telefono")
SELECT u."id", u."apellido", u."nombre", lower(u."email"),
  CASE WHEN u."telefono" ~ '^[0-9]{2,4} [0-9]{6,8}$' THEN u."telefono" END
FROM "usuarios" u
WHERE (u."rls" & 256) <> 0
  AND NOT EXISTS (SELECT 1 FROM "referentes" x WHERE x."usuario_id" = u."id");
