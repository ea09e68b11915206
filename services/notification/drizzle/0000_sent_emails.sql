CREATE TABLE "sent_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"event_type" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"message_id" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sent_emails_event_purpose_unique" UNIQUE("event_id","purpose")
);
