ALTER TABLE "services" ADD COLUMN "deposit_kind" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deposit_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "late_cancellation_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "late_cancellation_fee_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_deposit_kind_check" CHECK ("services"."deposit_kind" in ('none', 'percent', 'fixed'));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_deposit_value_check" CHECK (("services"."deposit_kind" = 'none' and "services"."deposit_value" = 0) or ("services"."deposit_kind" = 'percent' and "services"."deposit_value" between 1 and 100) or ("services"."deposit_kind" = 'fixed' and "services"."deposit_value" >= 100));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_late_cancellation_hours_check" CHECK ("services"."late_cancellation_hours" between 0 and 168);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_late_cancellation_fee_check" CHECK ("services"."late_cancellation_fee_percent" between 0 and 100);