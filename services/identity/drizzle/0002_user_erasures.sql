CREATE TABLE "user_erasures" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_erasures_reason_check" CHECK ("user_erasures"."reason" in ('self', 'admin', 'retention'))
);
