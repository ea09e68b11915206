CREATE TABLE "read_model_generation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The generation of this database's suppression list; its id names the consumer group that builds it.
INSERT INTO "read_model_generation" DEFAULT VALUES;
