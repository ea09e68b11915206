CREATE TABLE "review_photo_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"image_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_photo_uploads_image_url_unique" UNIQUE("image_url")
);
--> statement-breakpoint
CREATE INDEX "review_photo_uploads_user_idx" ON "review_photo_uploads" USING btree ("user_id","created_at");