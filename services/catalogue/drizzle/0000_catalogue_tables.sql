CREATE TABLE "employee_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" text NOT NULL,
	"service_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_service_id_pk" PRIMARY KEY("user_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_paise" integer NOT NULL,
	"stock" integer NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"sku" text,
	"weight" text,
	"product_category_id" uuid NOT NULL,
	"subcategory_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_price_check" CHECK ("products"."price_paise" >= 0),
	CONSTRAINT "products_images_check" CHECK (cardinality("products"."images") <= 4)
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_number" text NOT NULL,
	"capacity" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"location" text NOT NULL,
	"price_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_capacity_check" CHECK ("rooms"."capacity" in ('Single Bed', 'Double Bed')),
	CONSTRAINT "rooms_type_check" CHECK ("rooms"."type" in ('Silver', 'Gold', 'Diamond')),
	CONSTRAINT "rooms_status_check" CHECK ("rooms"."status" in ('Available', 'Occupied', 'Maintenance'))
);
--> statement-breakpoint
CREATE TABLE "service_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"assigned_employee_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_categories_order_check" CHECK ("service_categories"."display_order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_pricing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"duration" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"label" text,
	CONSTRAINT "service_pricing_minutes_check" CHECK ("service_pricing"."duration_minutes" > 0),
	CONSTRAINT "service_pricing_price_check" CHECK ("service_pricing"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"benefits" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"cleanup_minutes" integer DEFAULT 15 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_cleanup_check" CHECK ("services"."cleanup_minutes" between 0 and 240)
);
--> statement-breakpoint
CREATE TABLE "stock_reservation_items" (
	"order_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"name" text NOT NULL,
	"unit_price_paise" integer NOT NULL,
	CONSTRAINT "stock_reservation_items_order_id_product_id_pk" PRIMARY KEY("order_id","product_id"),
	CONSTRAINT "stock_reservation_items_quantity_check" CHECK ("stock_reservation_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_reservations" (
	"order_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "stock_reservations_status_check" CHECK ("stock_reservations"."status" in ('reserved', 'released'))
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"product_category_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subcategories_id_category_key" UNIQUE("id","product_category_id")
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_category_id_product_categories_id_fk" FOREIGN KEY ("product_category_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_subcategory_in_category_fk" FOREIGN KEY ("subcategory_id","product_category_id") REFERENCES "public"."subcategories"("id","product_category_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_pricing" ADD CONSTRAINT "service_pricing_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_category_id_service_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."service_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_reservation_items" ADD CONSTRAINT "stock_reservation_items_order_id_stock_reservations_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."stock_reservations"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_product_category_id_product_categories_id_fk" FOREIGN KEY ("product_category_id") REFERENCES "public"."product_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_name_key" ON "product_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree (lower("sku")) WHERE "products"."sku" is not null;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("product_category_id","subcategory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_room_number_key" ON "rooms" USING btree (lower("room_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "service_categories_name_key" ON "service_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "service_pricing_service_idx" ON "service_pricing" USING btree ("service_id","position");--> statement-breakpoint
CREATE INDEX "services_category_idx" ON "services" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subcategories_name_key" ON "subcategories" USING btree ("product_category_id",lower("name"));