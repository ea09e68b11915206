CREATE TABLE "bill_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"changed_by_id" text NOT NULL,
	"changed_by_name" text NOT NULL,
	"changed_by_role" text NOT NULL,
	"changes" jsonb NOT NULL,
	CONSTRAINT "bill_history_revision_unique" UNIQUE("bill_id","revision")
);
--> statement-breakpoint
CREATE TABLE "bill_product_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"gst_bp" integer NOT NULL,
	"discount_bp" integer NOT NULL,
	"total_paise" bigint NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	CONSTRAINT "bill_product_lines_rates_check" CHECK ("bill_product_lines"."gst_bp" between 0 and 10000 and "bill_product_lines"."discount_bp" between 0 and 10000 and "bill_product_lines"."unit_price_paise" >= 0 and "bill_product_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "bill_service_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"gst_bp" integer NOT NULL,
	"discount_bp" integer NOT NULL,
	"total_paise" bigint NOT NULL,
	"service_name" text NOT NULL,
	"duration" text NOT NULL,
	"staff_assigned" text NOT NULL,
	"price_paise" bigint NOT NULL,
	CONSTRAINT "bill_service_lines_duration_check" CHECK ("bill_service_lines"."duration" in ('30 Min', '45 Min', '60 Min')),
	CONSTRAINT "bill_service_lines_rates_check" CHECK ("bill_service_lines"."gst_bp" between 0 and 10000 and "bill_service_lines"."discount_bp" between 0 and 10000 and "bill_service_lines"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"financial_year" text NOT NULL,
	"invoice_sequence" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"customer_id" text NOT NULL,
	"gender" text,
	"bill_date" date NOT NULL,
	"room_no" text NOT NULL,
	"discount_percent_bp" integer NOT NULL,
	"payment_method" text NOT NULL,
	"advance_paise" bigint NOT NULL,
	"sub_total_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"revision" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"created_by_id" text NOT NULL,
	"created_by_name" text NOT NULL,
	CONSTRAINT "bills_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "bills_invoice_sequence_unique" UNIQUE("financial_year","invoice_sequence"),
	CONSTRAINT "bills_gender_check" CHECK ("bills"."gender" in ('Male', 'Female', 'Other')),
	CONSTRAINT "bills_payment_method_check" CHECK ("bills"."payment_method" in ('Cash', 'UPI', 'Card')),
	CONSTRAINT "bills_discount_percent_check" CHECK ("bills"."discount_percent_bp" between 0 and 10000),
	CONSTRAINT "bills_money_check" CHECK ("bills"."advance_paise" >= 0 and "bills"."sub_total_paise" >= 0 and "bills"."discount_paise" between 0 and "bills"."sub_total_paise" and "bills"."total_paise" = "bills"."sub_total_paise" - "bills"."discount_paise" + "bills"."advance_paise")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "invoice_counters_positive" CHECK ("invoice_counters"."last_sequence" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_pdfs" (
	"bill_id" uuid PRIMARY KEY NOT NULL,
	"bill_revision" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	"render_ms" integer NOT NULL,
	"rendered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_history" ADD CONSTRAINT "bill_history_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_product_lines" ADD CONSTRAINT "bill_product_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_service_lines" ADD CONSTRAINT "bill_service_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_pdfs" ADD CONSTRAINT "invoice_pdfs_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_product_lines_bill_idx" ON "bill_product_lines" USING btree ("bill_id","position");--> statement-breakpoint
CREATE INDEX "bill_service_lines_bill_idx" ON "bill_service_lines" USING btree ("bill_id","position");--> statement-breakpoint
CREATE INDEX "bills_newest_first_idx" ON "bills" USING btree ("created_at" DESC NULLS LAST,"financial_year" DESC NULLS LAST,"invoice_sequence" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bills_bill_date_idx" ON "bills" USING btree ("bill_date");