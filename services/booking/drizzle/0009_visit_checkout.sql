ALTER TABLE "appointments" ADD COLUMN "checked_out_sale_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "sac_code" text DEFAULT '999723' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "gst_bp" integer DEFAULT 500 NOT NULL;