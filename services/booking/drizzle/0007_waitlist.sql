CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"service_id" text NOT NULL,
	"service_name" text NOT NULL,
	"pricing_option_id" text,
	"duration_minutes" integer NOT NULL,
	"date" text NOT NULL,
	"from_minute" integer NOT NULL,
	"to_minute" integer NOT NULL,
	"status" text NOT NULL,
	"appointment_id" uuid,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "waitlist_window_check" CHECK ("waitlist_entries"."from_minute" <= "waitlist_entries"."to_minute"),
	CONSTRAINT "waitlist_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'expired', 'left', 'closed'))
);
--> statement-breakpoint
CREATE INDEX "waitlist_day_idx" ON "waitlist_entries" USING btree ("date","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_customer_idx" ON "waitlist_entries" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "waitlist_appointment_idx" ON "waitlist_entries" USING btree ("appointment_id");