CREATE TABLE "employee_schedules" (
	"employee_id" text PRIMARY KEY NOT NULL,
	"weekly" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" text NOT NULL,
	"employee_name" text NOT NULL,
	"first_date" text NOT NULL,
	"last_date" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"decision_note" text,
	CONSTRAINT "time_off_dates_check" CHECK ("time_off"."first_date" <= "time_off"."last_date"),
	CONSTRAINT "time_off_status_check" CHECK ("time_off"."status" in ('requested', 'approved', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE INDEX "time_off_employee_idx" ON "time_off" USING btree ("employee_id","last_date");--> statement-breakpoint
CREATE INDEX "time_off_status_idx" ON "time_off" USING btree ("status","first_date");