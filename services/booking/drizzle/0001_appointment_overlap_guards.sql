-- No double booking, ever: Postgres refuses two active appointments that overlap in one room (the
-- treatment plus its cleanup buffer) or for one employee (the treatment itself). Cancelled
-- appointments are left out, so cancelling frees the slot. btree_gist gives GiST the "=" on the ids;
-- it is a trusted extension (PostgreSQL 13+), so the database owner (the booking role) may create it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_room_no_overlap"
  EXCLUDE USING gist ("room_id" WITH =, tstzrange("starts_at", "room_free_at", '[)') WITH &&)
  WHERE ("status" <> 'Cancelled');
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_employee_no_overlap"
  EXCLUDE USING gist ("employee_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" <> 'Cancelled' AND "employee_id" IS NOT NULL);
--> statement-breakpoint
-- The generation of this database's read models; its id names the consumer group that builds them.
INSERT INTO "read_model_generation" DEFAULT VALUES;
--> statement-breakpoint
-- The human appointment id, APT-<local day>-<sequence>: unique (the sequence is) and readable, padded
-- to at least four digits but never cut (APT-20261121-0042, later APT-20261121-12345).
CREATE FUNCTION appointment_code(day text) RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'APT-' || day || '-' || lpad(n::text, greatest(4, length(n::text)), '0')
  FROM (SELECT nextval('appointment_code_seq') AS n) AS next
$$;
