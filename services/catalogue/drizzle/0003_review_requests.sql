ALTER TABLE "review_eligibility" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_eligibility" ADD COLUMN "review_link_used_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "review_eligibility_unrequested_idx" ON "review_eligibility" USING btree ("visited_at") WHERE "review_eligibility"."review_requested_at" is null;