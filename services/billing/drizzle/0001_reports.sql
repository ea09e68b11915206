CREATE TABLE "read_model_generation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_appointments" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"service_id" text NOT NULL,
	"service_name" text NOT NULL,
	"employee_id" text NOT NULL,
	"employee_name" text NOT NULL,
	"room_id" text NOT NULL,
	"room_number" text NOT NULL,
	"room_type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"total_price_paise" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"payment_status" text NOT NULL,
	"customer_id" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_employees" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_order_lines" (
	"order_id" text NOT NULL,
	"line_id" text NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"line_total_paise" bigint NOT NULL,
	CONSTRAINT "report_order_lines_order_id_line_id_pk" PRIMARY KEY("order_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "report_order_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"total_price_paise" bigint NOT NULL,
	"customer_id" text NOT NULL,
	"paid_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"revenue_at" timestamp with time zone,
	"source_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"room_number" text NOT NULL,
	"type" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"source_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_order_lines" ADD CONSTRAINT "report_order_lines_order_id_report_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."report_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_appointments_starts_at_idx" ON "report_appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "report_appointments_status_starts_at_idx" ON "report_appointments" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "report_order_refunds_refunded_at_idx" ON "report_order_refunds" USING btree ("refunded_at");--> statement-breakpoint
CREATE INDEX "report_order_refunds_order_idx" ON "report_order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "report_orders_revenue_at_idx" ON "report_orders" USING btree ("revenue_at");--> statement-breakpoint
-- The generation of this database's read models; its id names the consumer group that builds them
-- (src/events/consumers.ts), so a fresh database reads every topic it mirrors from the beginning.
INSERT INTO "read_model_generation" DEFAULT VALUES;
