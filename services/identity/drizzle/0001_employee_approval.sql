ALTER TABLE "users" ADD COLUMN "employee_status" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employee_status_check" CHECK ("users"."employee_status" is null or "users"."employee_status" in ('applicant', 'approved', 'rejected'));--> statement-breakpoint
-- Employees who exist when approvals arrive were made by an admin or by the demo seed: they stay staff.
UPDATE "users" SET "employee_status" = 'approved' WHERE "role" = 'employee';
