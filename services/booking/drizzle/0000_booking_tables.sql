CREATE SEQUENCE "public"."appointment_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "appointment_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"appointment_id" uuid NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"note" text,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"appointment_code" text NOT NULL,
	"customer_id" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"service_id" text NOT NULL,
	"service_name" text NOT NULL,
	"category_name" text NOT NULL,
	"pricing_option_id" text NOT NULL,
	"duration_label" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"cleanup_minutes" integer NOT NULL,
	"room_id" text NOT NULL,
	"room_type" text NOT NULL,
	"room_number" text NOT NULL,
	"room_location" text NOT NULL,
	"employee_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"room_free_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"payment_method" text NOT NULL,
	"service_price_paise" bigint NOT NULL,
	"room_price_paise" bigint NOT NULL,
	"total_price_paise" bigint NOT NULL,
	"payment_hold_expires_at" timestamp with time zone,
	"provider_order_id" text,
	"provider_payment_id" text,
	"paid_at" timestamp with time zone,
	"cancellation_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointments_appointment_code_unique" UNIQUE("appointment_code"),
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('Pending', 'Scheduled', 'Confirmed', 'In Progress', 'Completed', 'Cancelled')),
	CONSTRAINT "appointments_payment_status_check" CHECK ("appointments"."payment_status" in ('Pending', 'Paid', 'Failed', 'Refunded', 'Cash')),
	CONSTRAINT "appointments_payment_method_check" CHECK ("appointments"."payment_method" in ('cash', 'online')),
	CONSTRAINT "appointments_times_check" CHECK ("appointments"."starts_at" < "appointments"."ends_at" and "appointments"."ends_at" <= "appointments"."room_free_at"),
	CONSTRAINT "appointments_money_check" CHECK ("appointments"."service_price_paise" >= 0 and "appointments"."room_price_paise" >= 0 and "appointments"."total_price_paise" = "appointments"."service_price_paise" + "appointments"."room_price_paise")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"assigned_employee_role" text NOT NULL,
	"is_active" boolean NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"source_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "read_model_generation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"room_number" text NOT NULL,
	"capacity" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"location" text NOT NULL,
	"price_paise" bigint NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"source_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"category_id" text NOT NULL,
	"category_name" text NOT NULL,
	"assigned_employee_role" text NOT NULL,
	"pricing" jsonb NOT NULL,
	"cleanup_minutes" integer NOT NULL,
	"is_active" boolean NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"source_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"role" text NOT NULL,
	"employee_role" text NOT NULL,
	"shift" text NOT NULL,
	"working_location" text NOT NULL,
	"status" text NOT NULL,
	"employee_code" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_history" ADD CONSTRAINT "appointment_history_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_history_appointment_idx" ON "appointment_history" USING btree ("appointment_id","seq");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("customer_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_employee_idx" ON "appointments" USING btree ("employee_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_starts_at_idx" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "appointments_payment_hold_idx" ON "appointments" USING btree ("payment_hold_expires_at") WHERE "appointments"."status" <> 'Cancelled' and "appointments"."payment_status" in ('Pending', 'Failed');--> statement-breakpoint
CREATE INDEX "rooms_type_idx" ON "rooms" USING btree ("type");--> statement-breakpoint
CREATE INDEX "users_employee_role_idx" ON "users" USING btree ("role",lower("employee_role"));