CREATE TABLE "sale_line_reservations" (
	"key" text PRIMARY KEY NOT NULL,
	"sale_id" uuid NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_line_reservations_state_check" CHECK ("sale_line_reservations"."state" in ('asked', 'held', 'releasing', 'released'))
);
--> statement-breakpoint
CREATE INDEX "sale_line_reservations_open_idx" ON "sale_line_reservations" USING btree ("created_at") WHERE "sale_line_reservations"."state" in ('asked', 'releasing');--> statement-breakpoint
CREATE INDEX "sale_line_reservations_sale_idx" ON "sale_line_reservations" USING btree ("sale_id");