-- The front desk's calendar follows changes live (issue #15, item 1): every statement that changes what
-- the calendar shows sends a notice on the calendar_changes channel when its transaction commits (Postgres
-- sends one per transaction for the same payload). Each booking replica LISTENs and tells its desks.
CREATE OR REPLACE FUNCTION notify_calendar_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('calendar_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER appointments_calendar_change AFTER INSERT OR UPDATE OR DELETE ON appointments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_calendar_change();
--> statement-breakpoint
CREATE TRIGGER special_days_calendar_change AFTER INSERT OR UPDATE OR DELETE ON special_days
  FOR EACH STATEMENT EXECUTE FUNCTION notify_calendar_change();
--> statement-breakpoint
CREATE TRIGGER employee_schedules_calendar_change AFTER INSERT OR UPDATE OR DELETE ON employee_schedules
  FOR EACH STATEMENT EXECUTE FUNCTION notify_calendar_change();
--> statement-breakpoint
CREATE TRIGGER time_off_calendar_change AFTER INSERT OR UPDATE OR DELETE ON time_off
  FOR EACH STATEMENT EXECUTE FUNCTION notify_calendar_change();
--> statement-breakpoint
CREATE TRIGGER rooms_calendar_change AFTER INSERT OR UPDATE OR DELETE ON rooms
  FOR EACH STATEMENT EXECUTE FUNCTION notify_calendar_change();
