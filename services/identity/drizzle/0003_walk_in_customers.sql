-- Walk-in and phone customers (POST /auth/walk-in-customers) may have no email: they store ''. The
-- unique index on lower(email) becomes partial so any number of them can exist; real addresses stay
-- unique whatever their case. walk_in marks the accounts the front desk created.
DROP INDEX "users_email_lower_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "walk_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email")) WHERE "users"."email" <> '';