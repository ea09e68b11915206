CREATE TABLE "read_model_generation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The generation of this database's read models (employee roles, review eligibility); its id names the
-- consumer group that builds them.
INSERT INTO "read_model_generation" DEFAULT VALUES;
--> statement-breakpoint
-- Nullable: replicas still running the previous version write roles without it during a rollout.
ALTER TABLE "employee_roles" ADD COLUMN "source_updated_at" timestamp with time zone;
--> statement-breakpoint
-- The roles mirrored so far: the time catalogue wrote each (never before identity's event), so the
-- history the new read-model group reads again does not bring an older name back.
UPDATE "employee_roles" SET "source_updated_at" = "updated_at";
