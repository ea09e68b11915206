CREATE TABLE "erased_recipients" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL
);
