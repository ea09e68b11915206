CREATE TABLE "report_sale_appointments" (
	"sale_id" text NOT NULL,
	"appointment_id" text NOT NULL,
	CONSTRAINT "report_sale_appointments_sale_id_appointment_id_pk" PRIMARY KEY("sale_id","appointment_id")
);
--> statement-breakpoint
CREATE TABLE "report_sale_lines" (
	"sale_id" text NOT NULL,
	"line_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"total_paise" bigint NOT NULL,
	"appointment_id" text NOT NULL,
	"employee_id" text NOT NULL,
	"employee_name" text NOT NULL,
	CONSTRAINT "report_sale_lines_sale_id_line_id_pk" PRIMARY KEY("sale_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "report_sale_refund_lines" (
	"refund_id" text NOT NULL,
	"line_id" text NOT NULL,
	"sale_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_sale_refund_lines_refund_id_line_id_pk" PRIMARY KEY("refund_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "report_sales" (
	"id" text PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"customer_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_sale_appointments" ADD CONSTRAINT "report_sale_appointments_sale_id_report_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."report_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sale_lines" ADD CONSTRAINT "report_sale_lines_sale_id_report_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."report_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_sale_appointments_appointment_idx" ON "report_sale_appointments" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "report_sale_refund_lines_refunded_at_idx" ON "report_sale_refund_lines" USING btree ("refunded_at");--> statement-breakpoint
CREATE INDEX "report_sales_completed_at_idx" ON "report_sales" USING btree ("completed_at");