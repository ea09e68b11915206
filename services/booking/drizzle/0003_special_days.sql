CREATE TABLE "special_days" (
	"date" text PRIMARY KEY NOT NULL,
	"closed" boolean NOT NULL,
	"opens_minute" integer,
	"closes_minute" integer,
	"reason" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "special_days_date_check" CHECK ("special_days"."date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
	CONSTRAINT "special_days_hours_check" CHECK (("special_days"."closed" and "special_days"."opens_minute" is null and "special_days"."closes_minute" is null) or (not "special_days"."closed" and "special_days"."opens_minute" >= 0 and "special_days"."closes_minute" <= 1440 and "special_days"."opens_minute" < "special_days"."closes_minute"))
);
