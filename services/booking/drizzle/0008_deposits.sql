ALTER TABLE "appointments" ADD COLUMN "deposit_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "late_cancellation_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "late_cancellation_fee_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "kept_on_cancellation_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deposit_policy" jsonb DEFAULT '{"kind":"none","value":0,"lateCancellationHours":0,"lateCancellationFeePercent":0}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_deposit_check" CHECK ("appointments"."deposit_paise" between 0 and "appointments"."total_price_paise" and "appointments"."kept_on_cancellation_paise" between 0 and "appointments"."total_price_paise");