CREATE TABLE "erased_users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_eligibility" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"author_email" text DEFAULT '' NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_name" text NOT NULL,
	"source_id" text NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_eligibility_source_id_key" UNIQUE("source_id"),
	CONSTRAINT "review_eligibility_subject_kind_check" CHECK ("review_eligibility"."subject_kind" in ('service', 'product'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" text NOT NULL,
	"user_id" text NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"author_email" text DEFAULT '' NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_name" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"photo" text,
	"status" text DEFAULT 'published' NOT NULL,
	"hidden_reason" text,
	"reply_text" text,
	"replied_at" timestamp with time zone,
	"visited_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_source_id_key" UNIQUE("source_id"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_text_check" CHECK (char_length("reviews"."text") <= 2000),
	CONSTRAINT "reviews_reply_check" CHECK (char_length("reviews"."reply_text") <= 1000),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('published', 'hidden')),
	CONSTRAINT "reviews_subject_kind_check" CHECK ("reviews"."subject_kind" in ('service', 'product'))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_source_id_review_eligibility_source_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."review_eligibility"("source_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_eligibility_user_idx" ON "review_eligibility" USING btree ("user_id","visited_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_kind","subject_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at" DESC NULLS LAST);