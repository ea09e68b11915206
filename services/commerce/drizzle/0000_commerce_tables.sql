CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"label" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cart_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"price_paise" bigint NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_one_line_per_product" UNIQUE("cart_id","product_id"),
	CONSTRAINT "cart_items_quantity_check" CHECK ("cart_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"checkout_order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"items_price_paise" bigint NOT NULL,
	"shipping_price_paise" bigint NOT NULL,
	"tax_price_paise" bigint NOT NULL,
	"total_price_paise" bigint NOT NULL,
	"ship_full_name" text NOT NULL,
	"ship_address" text NOT NULL,
	"ship_city" text NOT NULL,
	"ship_state" text NOT NULL,
	"ship_postal_code" text NOT NULL,
	"ship_country" text NOT NULL,
	"ship_phone" text NOT NULL,
	"ship_label" text NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"is_delivered" boolean DEFAULT false NOT NULL,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"payment_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('COD', 'ONLINE')),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('reserving', 'pending_payment', 'placed', 'paid', 'delivered', 'cancelled')),
	CONSTRAINT "orders_money_check" CHECK ("orders"."items_price_paise" >= 0 and "orders"."shipping_price_paise" >= 0 and "orders"."tax_price_paise" >= 0 and "orders"."total_price_paise" = "orders"."items_price_paise" + "orders"."shipping_price_paise" + "orders"."tax_price_paise"),
	CONSTRAINT "orders_delivered_paid_check" CHECK (not "orders"."is_delivered" or "orders"."is_paid")
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"provider_payment_id" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"order_id" uuid,
	"appointment_id" text,
	"customer_id" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text,
	"provider_order_id" text NOT NULL,
	"status" text NOT NULL,
	"provider_payment_id" text,
	"captured_at" timestamp with time zone,
	"refund_due" boolean DEFAULT false NOT NULL,
	"last_failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_order_id_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "payments_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('order', 'appointment')),
	CONSTRAINT "payments_target_check" CHECK (("payments"."purpose" = 'order' and "payments"."order_id" is not null and "payments"."appointment_id" is null) or ("payments"."purpose" = 'appointment' and "payments"."appointment_id" is not null and "payments"."order_id" is null)),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created', 'failed', 'captured', 'expired')),
	CONSTRAINT "payments_captured_check" CHECK (("payments"."status" = 'captured') = ("payments"."provider_payment_id" is not null)),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_paise" bigint NOT NULL,
	"stock" integer NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"source_updated_at_ms" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_expiring_idx" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
CREATE INDEX "orders_reserving_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'reserving';--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."is_paid";--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_unique" ON "payments" USING btree ("order_id") WHERE "payments"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_appointment_unique" ON "payments" USING btree ("appointment_id") WHERE "payments"."appointment_id" is not null;