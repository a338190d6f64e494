ALTER TABLE "avisos_envios" DROP CONSTRAINT "avisos_envios_estado";--> statement-breakpoint
ALTER TABLE "avisos_envios" ADD COLUMN "rebotado" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "avisos_envios_rebotados" ON "avisos_envios" USING btree ("email","rebotado") WHERE "avisos_envios"."estado" = 'rebotado';--> statement-breakpoint
ALTER TABLE "avisos_envios" ADD CONSTRAINT "avisos_envios_estado" CHECK ("avisos_envios"."estado" in ('pendiente', 'enviado', 'fallido', 'rebotado'));