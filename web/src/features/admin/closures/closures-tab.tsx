import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PlusIcon } from '../../../components/icons';
import {
  AdminBanner,
  AdminFollowUp,
  AdminFollowUpItem,
  AdminSection,
  AdminTable,
  NameCell,
  StatusBadge,
} from '../../../components/ui/admin-table';
import { getErrorMessage } from '../../../lib/api';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { toast } from '../../../stores/toast.store';
import type { Appointment } from '../../appointments/appointment';
import { appointmentKeys, updateAppointmentStatus } from '../../appointments/appointments.api';
import { BUSINESS_TIME_ZONE, businessDayOf } from '../../appointments/business-time';
import { dateKey } from '../../appointments/availability';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { closureDraft, REASON_MAX, validateClosureDraft, type ClosureErrors } from './closure-form.rules';
import {
  fetchSpecialDays,
  fetchStranded,
  removeSpecialDay,
  rescheduleAppointment,
  saveSpecialDay,
  specialDayKeys,
  type SpecialDay,
  type SpecialDayInput,
} from './closures.api';
import './closures.css';

const IN_BUSINESS_TIME = { timeZone: BUSINESS_TIME_ZONE };
const dayText = (date: string) => formatCalendarDate(date, { withYear: true });
const hoursText = (day: SpecialDay) => (day.closed ? 'Closed all day' : `${day.opens} – ${day.closes}`);

type Editing = { mode: 'add' } | { mode: 'edit'; day: SpecialDay } | null;

/**
 * The admin panel's Closures tab: the dates the spa is closed or open other hours.
 * The wizard's calendar and booking honour them at once; appointments a change strands are listed
 * here to move or cancel (cancelling refunds an online payment, as every admin cancellation does).
 */
export default function ClosuresTab() {
  const queryClient = useQueryClient();
  const days = useQuery({
    queryKey: specialDayKeys.all,
    queryFn: fetchSpecialDays,
    refetchOnMount: 'always',
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [strandedDate, setStrandedDate] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();

  const save = useMutation({
    mutationFn: ({ date, input }: { date: string; input: SpecialDayInput }) => saveSpecialDay(date, input),
    onSuccess: async ({ specialDay, stranded }) => {
      await queryClient.invalidateQueries({ queryKey: specialDayKeys.all });
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      queryClient.setQueryData(specialDayKeys.stranded(specialDay.date), stranded);
      toast.success(`${dayText(specialDay.date)}: ${specialDay.note}`);
      setEditing(null);
      setStrandedDate(stranded.length > 0 ? specialDay.date : null);
    },
  });
  const remove = useMutation({
    mutationFn: (date: string) => removeSpecialDay(date),
    onSuccess: async (_answer, date) => {
      await queryClient.invalidateQueries({ queryKey: specialDayKeys.all });
      toast.success(`${dayText(date)}: usual hours again`);
      if (strandedDate === date) setStrandedDate(null);
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to remove the closure')),
  });

  const open = (next: Editing) => {
    save.reset();
    setEditing(next);
  };
  const onDelete = async (day: SpecialDay) => {
    if (await confirm(`Open ${dayText(day.date)} at the usual hours again?`, { confirmLabel: 'Remove' }))
      remove.mutate(day.date);
  };

  const rows = days.data ?? [];
  return (
    <AdminSection
      title="Closures & special hours"
      description="Festivals, training days, short days. Customers see them on the booking calendar."
      action={
        <button type="button" className="btn btn--primary" onClick={() => open({ mode: 'add' })}>
          <PlusIcon size={18} /> Add closure
        </button>
      }
    >
      <AdminBanner>{days.error && getErrorMessage(days.error, 'Failed to load closures')}</AdminBanner>
      <AdminTable
        list={{
          isPending: days.isPending,
          page: 1,
          pageCount: 1,
          total: rows.length,
          setPage: () => undefined,
        }}
        rows={rows}
        rowKey={(day) => day.date}
        noun="closures"
        empty={{ title: 'No closures ahead', message: 'Every day has the usual hours.' }}
        columns={[
          { header: 'Date', cell: (day) => <NameCell name={dayText(day.date)} /> },
          {
            header: 'Hours',
            cell: (day) => <StatusBadge ok={!day.closed}>{hoursText(day)}</StatusBadge>,
          },
          { header: 'Reason', cell: (day) => day.reason },
        ]}
        actions={[
          {
            kind: 'view',
            label: (day) => `Appointments to move on ${dayText(day.date)}`,
            onClick: (day) => setStrandedDate(day.date),
          },
          {
            kind: 'edit',
            label: (day) => `Edit ${dayText(day.date)}`,
            onClick: (day) => open({ mode: 'edit', day }),
          },
          {
            kind: 'delete',
            label: (day) => `Remove ${dayText(day.date)}`,
            onClick: (day) => void onDelete(day),
          },
        ]}
      />

      {strandedDate && <StrandedAppointments date={strandedDate} onClose={() => setStrandedDate(null)} />}

      {editing && (
        <Modal
          title={editing.mode === 'edit' ? `Edit ${dayText(editing.day.date)}` : 'Add closure'}
          onClose={() => setEditing(null)}
        >
          <ClosureForm
            day={editing.mode === 'edit' ? editing.day : undefined}
            saving={save.isPending}
            serverError={save.error ? getErrorMessage(save.error, 'Failed to save the closure') : undefined}
            onSave={(date, input) => save.mutate({ date, input })}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
      {dialog}
    </AdminSection>
  );
}

function ClosureForm({
  day,
  saving,
  serverError,
  onSave,
  onCancel,
}: {
  day?: SpecialDay;
  saving: boolean;
  serverError?: string;
  onSave: (date: string, input: SpecialDayInput) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => closureDraft(day));
  const [errors, setErrors] = useState<ClosureErrors>({});
  const today = dateKey(businessDayOf(new Date()));
  const update = (changes: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateClosureDraft(draft, today);
    setErrors(result.errors);
    if (result.input) onSave(draft.date, result.input);
  };

  return (
    <form className="cat-form" onSubmit={submit} noValidate>
      {serverError && (
        <p className="cat-admin-banner" role="alert">
          {serverError}
        </p>
      )}
      <div className="cat-form-grid">
        <FormField label="Date" required error={errors.date}>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              type="date"
              min={today}
              value={draft.date}
              disabled={Boolean(day)}
              onChange={(event) => update({ date: event.target.value })}
            />
          )}
        </FormField>
        <fieldset className="closure-kind">
          <legend className="form-field__label">That day</legend>
          <label className="cat-toggle">
            <input
              type="radio"
              name="closure-kind"
              checked={draft.closed}
              onChange={() => update({ closed: true })}
            />
            Closed all day
          </label>
          <label className="cat-toggle">
            <input
              type="radio"
              name="closure-kind"
              checked={!draft.closed}
              onChange={() => update({ closed: false })}
            />
            Open special hours
          </label>
        </fieldset>
        {!draft.closed && (
          <>
            <FormField label="Opens" required error={errors.opens}>
              {(control) => (
                <input
                  {...control}
                  className="cat-input"
                  type="time"
                  step={1800}
                  value={draft.opens}
                  onChange={(event) => update({ opens: event.target.value })}
                />
              )}
            </FormField>
            <FormField label="Closes" required error={errors.closes}>
              {(control) => (
                <input
                  {...control}
                  className="cat-input"
                  type="time"
                  step={1800}
                  value={draft.closes}
                  onChange={(event) => update({ closes: event.target.value })}
                />
              )}
            </FormField>
          </>
        )}
        <FormField
          label="Reason"
          required
          error={errors.reason}
          hint="Customers see it on the booking calendar, e.g. Diwali."
          className="form-field--wide"
        >
          {(control) => (
            <input
              {...control}
              className="cat-input"
              maxLength={REASON_MAX}
              value={draft.reason}
              onChange={(event) => update({ reason: event.target.value })}
            />
          )}
        </FormField>
      </div>
      <div className="modal__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/** The open appointments of a date its hours no longer hold, each to move to another time or cancel. */
function StrandedAppointments({ date, onClose }: { date: string; onClose: () => void }) {
  const stranded = useQuery({ queryKey: specialDayKeys.stranded(date), queryFn: () => fetchStranded(date) });
  const list = stranded.data ?? [];
  return (
    <AdminFollowUp
      title={
        stranded.isPending
          ? `Appointments on ${dayText(date)}…`
          : list.length === 0
            ? `Nothing to move on ${dayText(date)}`
            : `${list.length} appointment${list.length === 1 ? '' : 's'} on ${dayText(date)} to move or cancel`
      }
      onClose={onClose}
    >
      {list.length > 0 &&
        list.map((appointment) => <StrandedRow key={appointment.id} appointment={appointment} date={date} />)}
    </AdminFollowUp>
  );
}

function StrandedRow({ appointment, date }: { appointment: Appointment; date: string }) {
  const queryClient = useQueryClient();
  const [moveTo, setMoveTo] = useState('');
  const { confirm, dialog } = useConfirm();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: specialDayKeys.stranded(date) });
    await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
  };
  const move = useMutation({
    // The datetime input gives business-time wall clock (yyyy-mm-ddThh:mm): sent with its +05:30.
    mutationFn: () => rescheduleAppointment(appointment.id, new Date(`${moveTo}:00+05:30`).toISOString()),
    onSuccess: async () => {
      toast.success(
        `${appointment.appointmentId} moved to ${formatDateTime(`${moveTo}:00+05:30`, IN_BUSINESS_TIME)}`,
      );
      await refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: () => updateAppointmentStatus(appointment.id, 'Cancelled'),
    onSuccess: async () => {
      toast.success(`${appointment.appointmentId} cancelled; the customer is told`);
      await refresh();
    },
  });
  const onCancel = async () => {
    if (
      await confirm(
        `Cancel ${appointment.appointmentId}? The customer is emailed, and refunded if they paid online.`,
        { confirmLabel: 'Cancel appointment' },
      )
    )
      cancel.mutate();
  };
  const error = move.error ?? cancel.error;
  return (
    <AdminFollowUpItem
      code={appointment.appointmentId}
      customer={appointment.customer?.name ?? 'Customer'}
      treatment={appointment.service.name}
      when={formatDateTime(appointment.start, IN_BUSINESS_TIME)}
    >
      <form
        className="admin-followup__actions"
        onSubmit={(event) => {
          event.preventDefault();
          if (moveTo) move.mutate();
        }}
      >
        <label className="visually-hidden" htmlFor={`move-${appointment.id}`}>
          New time for {appointment.appointmentId}
        </label>
        <input
          id={`move-${appointment.id}`}
          className="cat-input"
          type="datetime-local"
          step={1800}
          value={moveTo}
          onChange={(event) => setMoveTo(event.target.value)}
        />
        <button type="submit" className="btn btn--secondary" disabled={!moveTo || move.isPending}>
          Move
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={cancel.isPending}
          onClick={() => void onCancel()}
        >
          Cancel and notify
        </button>
      </form>
      {error && (
        <p className="form-field__error" role="alert">
          {getErrorMessage(error, 'That did not work; try again')}
        </p>
      )}
      {dialog}
    </AdminFollowUpItem>
  );
}
