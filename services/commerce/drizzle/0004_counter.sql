CREATE TABLE "drawer_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"shift_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"sale_id" uuid,
	"tender_id" uuid,
	"refund_id" uuid,
	"employee_id" text,
	"idempotency_key" text,
	"recorded_by_id" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drawer_movements_tender_id_unique" UNIQUE("tender_id"),
	CONSTRAINT "drawer_movements_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "drawer_movements_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "drawer_movements_kind_check" CHECK ("drawer_movements"."kind" in ('float', 'sale', 'in', 'out', 'tip_payout', 'refund')),
	CONSTRAINT "drawer_movements_sign_check" CHECK (("drawer_movements"."kind" in ('float', 'sale', 'in') and "drawer_movements"."amount_paise" >= 0) or ("drawer_movements"."kind" in ('out', 'tip_payout', 'refund') and "drawer_movements"."amount_paise" < 0))
);
--> statement-breakpoint
CREATE TABLE "drawer_shifts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"branch_id" text,
	"status" text NOT NULL,
	"opening_float_paise" bigint NOT NULL,
	"expected_cash_paise" bigint,
	"counted_cash_paise" bigint,
	"difference_paise" bigint,
	"close_note" text DEFAULT '' NOT NULL,
	"opened_by_id" text NOT NULL,
	"opened_by_name" text NOT NULL,
	"closed_by_id" text,
	"closed_by_name" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "drawer_shifts_status_check" CHECK ("drawer_shifts"."status" in ('open', 'closed')),
	CONSTRAINT "drawer_shifts_float_check" CHECK ("drawer_shifts"."opening_float_paise" >= 0),
	CONSTRAINT "drawer_shifts_closed_check" CHECK (("drawer_shifts"."status" = 'closed') = ("drawer_shifts"."closed_at" is not null and "drawer_shifts"."counted_cash_paise" is not null and "drawer_shifts"."expected_cash_paise" is not null and "drawer_shifts"."difference_paise" = "drawer_shifts"."counted_cash_paise" - "drawer_shifts"."expected_cash_paise"))
);
--> statement-breakpoint
CREATE TABLE "sale_appointments" (
	"appointment_id" text PRIMARY KEY NOT NULL,
	"sale_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sale_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" text,
	"name" text NOT NULL,
	"tax_code" text DEFAULT '' NOT NULL,
	"gst_bp" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"line_discount_paise" bigint DEFAULT 0 NOT NULL,
	"line_discount_reason" text DEFAULT '' NOT NULL,
	"sale_discount_share_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"appointment_id" text,
	"employee_id" text,
	"employee_name" text DEFAULT '' NOT NULL,
	"room_number" text DEFAULT '' NOT NULL,
	"reservation_key" text,
	"reservation_status" text,
	CONSTRAINT "sale_lines_reservation_key_unique" UNIQUE("reservation_key"),
	CONSTRAINT "sale_lines_kind_check" CHECK ("sale_lines"."kind" in ('service', 'product', 'addon', 'tip')),
	CONSTRAINT "sale_lines_money_check" CHECK ("sale_lines"."quantity" between 1 and 1000 and "sale_lines"."unit_price_paise" >= 0 and "sale_lines"."line_discount_paise" >= 0 and "sale_lines"."sale_discount_share_paise" >= 0 and "sale_lines"."total_paise" = "sale_lines"."quantity" * "sale_lines"."unit_price_paise" - "sale_lines"."line_discount_paise" - "sale_lines"."sale_discount_share_paise" and "sale_lines"."total_paise" >= 0),
	CONSTRAINT "sale_lines_gst_check" CHECK ("sale_lines"."gst_bp" between 0 and 10000),
	CONSTRAINT "sale_lines_tip_check" CHECK ("sale_lines"."kind" <> 'tip' or ("sale_lines"."gst_bp" = 0 and "sale_lines"."line_discount_paise" = 0 and "sale_lines"."sale_discount_share_paise" = 0)),
	CONSTRAINT "sale_lines_reservation_check" CHECK (("sale_lines"."kind" = 'product') = ("sale_lines"."reservation_status" is not null) and ("sale_lines"."reservation_status" is null or "sale_lines"."reservation_status" in ('reserved', 'released', 'taken')))
);
--> statement-breakpoint
CREATE TABLE "sale_refund_lines" (
	"refund_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "sale_refund_lines_refund_id_line_id_pk" PRIMARY KEY("refund_id","line_id"),
	CONSTRAINT "sale_refund_lines_check" CHECK ("sale_refund_lines"."quantity" >= 0 and "sale_refund_lines"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sale_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"restocked" boolean DEFAULT false NOT NULL,
	"provider_refund_id" text,
	"shift_id" uuid,
	"refunded_by_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "sale_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sale_refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "sale_refunds_method_check" CHECK ("sale_refunds"."method" in ('cash', 'card_terminal', 'razorpay')),
	CONSTRAINT "sale_refunds_status_check" CHECK ("sale_refunds"."status" in ('requested', 'processed', 'failed')),
	CONSTRAINT "sale_refunds_amount_check" CHECK ("sale_refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_tenders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sale_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"cash_received_paise" bigint DEFAULT 0 NOT NULL,
	"change_paise" bigint DEFAULT 0 NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"provider_link_id" text,
	"provider_link_url" text,
	"shift_id" uuid,
	"recorded_by_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "sale_tenders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sale_tenders_provider_link_id_unique" UNIQUE("provider_link_id"),
	CONSTRAINT "sale_tenders_method_check" CHECK ("sale_tenders"."method" in ('cash', 'card_terminal', 'razorpay', 'online')),
	CONSTRAINT "sale_tenders_status_check" CHECK ("sale_tenders"."status" in ('pending', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "sale_tenders_money_check" CHECK ("sale_tenders"."amount_paise" > 0 and "sale_tenders"."change_paise" >= 0 and "sale_tenders"."cash_received_paise" >= 0 and ("sale_tenders"."method" <> 'cash' or "sale_tenders"."cash_received_paise" = "sale_tenders"."amount_paise" + "sale_tenders"."change_paise")),
	CONSTRAINT "sale_tenders_cash_shift_check" CHECK ("sale_tenders"."method" <> 'cash' or "sale_tenders"."shift_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY NOT NULL,
	"branch_id" text,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"customer_id" text,
	"customer_name" text NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"customer_gstin" text DEFAULT '' NOT NULL,
	"sale_discount_paise" bigint DEFAULT 0 NOT NULL,
	"sale_discount_reason" text DEFAULT '' NOT NULL,
	"discount_approval" text DEFAULT 'none' NOT NULL,
	"discount_approved_by_id" text,
	"total_paise" bigint DEFAULT 0 NOT NULL,
	"tip_paise" bigint DEFAULT 0 NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"cashier_id" text NOT NULL,
	"cashier_name" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_status_check" CHECK ("sales"."status" in ('open', 'completed', 'voided')),
	CONSTRAINT "sales_discount_approval_check" CHECK ("sales"."discount_approval" in ('none', 'pending', 'approved')),
	CONSTRAINT "sales_money_check" CHECK ("sales"."sale_discount_paise" >= 0 and "sales"."total_paise" >= 0 and "sales"."tip_paise" >= 0 and "sales"."discount_paise" >= 0 and "sales"."paid_paise" >= 0),
	CONSTRAINT "sales_not_overpaid_check" CHECK ("sales"."paid_paise" <= "sales"."total_paise" or "sales"."status" = 'open')
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_bp" integer DEFAULT 1800 NOT NULL;--> statement-breakpoint
ALTER TABLE "drawer_movements" ADD CONSTRAINT "drawer_movements_shift_id_drawer_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."drawer_shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_appointments" ADD CONSTRAINT "sale_appointments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refund_lines" ADD CONSTRAINT "sale_refund_lines_refund_id_sale_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."sale_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refund_lines" ADD CONSTRAINT "sale_refund_lines_line_id_sale_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."sale_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_refunds" ADD CONSTRAINT "sale_refunds_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_tenders" ADD CONSTRAINT "sale_tenders_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawer_movements_shift_idx" ON "drawer_movements" USING btree ("shift_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "drawer_shifts_one_open" ON "drawer_shifts" USING btree (coalesce("branch_id", '')) WHERE "drawer_shifts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "drawer_shifts_opened_idx" ON "drawer_shifts" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "sale_appointments_sale_idx" ON "sale_appointments" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_lines_sale_idx" ON "sale_lines" USING btree ("sale_id","position");--> statement-breakpoint
CREATE INDEX "sale_refunds_sale_idx" ON "sale_refunds" USING btree ("sale_id","created_at");--> statement-breakpoint
CREATE INDEX "sale_tenders_sale_idx" ON "sale_tenders" USING btree ("sale_id","created_at");--> statement-breakpoint
CREATE INDEX "sale_tenders_pending_idx" ON "sale_tenders" USING btree ("created_at") WHERE "sale_tenders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sales_status_opened_idx" ON "sales" USING btree ("status","opened_at");--> statement-breakpoint
CREATE INDEX "sales_customer_idx" ON "sales" USING btree ("customer_id","opened_at");--> statement-breakpoint
CREATE INDEX "sales_completed_idx" ON "sales" USING btree ("completed_at") WHERE "sales"."status" = 'completed';