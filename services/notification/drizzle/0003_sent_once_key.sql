ALTER TABLE "sent_emails" ADD COLUMN "once_key" text;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD CONSTRAINT "sent_emails_once_key_unique" UNIQUE("once_key");