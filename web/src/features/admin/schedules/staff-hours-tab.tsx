import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
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
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../stores/toast.store';
import type { Appointment } from '../../appointments/appointment';
import { appointmentKeys } from '../../appointments/appointments.api';
import { BUSINESS_TIME_ZONE } from '../../appointments/business-time';
import { employeeRoleLabel } from '../../auth/account';
import { Modal } from '../../../components/ui/modal';
import {
  decideTimeOff,
  fetchSchedules,
  fetchTimeOff,
  saveSchedule,
  staffTimeKeys,
  TIME_OFF_PAGE_SIZE,
  type Schedule,
  type TimeOff,
} from '../../staff-time/staff-time.api';
import {
  datesText,
  TIME_OFF_STATUS_LABELS,
  validateWeek,
  WEEKDAY_NAMES,
  weekDraft,
  weekSummary,
  type WeekDraftDay,
} from '../../staff-time/staff-time.rules';
import '../../staff-time/staff-time.css';
import '../../../components/ui/form-field.css';

const IN_BUSINESS_TIME = { timeZone: BUSINESS_TIME_ZONE };

/**
 * The admin panel's Staff hours tab: time off requests to approve or decline, and
 * each employee's weekly hours. Booking offers and assigns by them at once; the appointments a change
 * strands are listed here, to give to another therapist from the Appointments tab.
 */
export default function StaffHoursTab() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const requests = useQuery({
    queryKey: staffTimeKeys.timeOff('all-current', page),
    queryFn: () => fetchTimeOff(page, { current: true }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
  const schedules = useQuery({
    queryKey: staffTimeKeys.schedules,
    queryFn: fetchSchedules,
    refetchOnMount: 'always',
  });
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [stranded, setStranded] = useState<{ title: string; appointments: Appointment[] } | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: staffTimeKeys.all });
    await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
  };
  const decide = useMutation({
    mutationFn: ({ request, decision }: { request: TimeOff; decision: 'approved' | 'declined' }) =>
      decideTimeOff(request.id, decision),
    onSuccess: async ({ timeOff, stranded: left }) => {
      toast.success(
        `${timeOff.employeeName}, ${datesText(timeOff)}: ${TIME_OFF_STATUS_LABELS[timeOff.status]}`,
      );
      setStranded(
        left.length > 0
          ? { title: `${timeOff.employeeName} is away ${datesText(timeOff)}`, appointments: left }
          : null,
      );
      await refresh();
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to decide the request')),
  });
  const save = useMutation({
    mutationFn: ({ employee, days }: { employee: Schedule; days: Parameters<typeof saveSchedule>[1] }) =>
      saveSchedule(employee.employeeId, days),
    onSuccess: async ({ schedule, stranded: left }) => {
      toast.success(`${schedule.name}: ${weekSummary(schedule)}`);
      setEditing(null);
      setStranded(left.length > 0 ? { title: `${schedule.name}'s new hours`, appointments: left } : null);
      await refresh();
    },
  });

  const requestRows = requests.data?.requests ?? [];
  const total = requests.data?.total ?? 0;
  return (
    <>
      <AdminSection
        title="Time off"
        description="Requests from the team, the waiting ones first. An approved day takes the employee out of bookings."
      >
        <AdminBanner>
          {requests.error && getErrorMessage(requests.error, 'Failed to load time off')}
        </AdminBanner>
        <AdminTable
          list={{
            isPending: requests.isPending,
            page,
            pageCount: Math.max(1, Math.ceil(total / TIME_OFF_PAGE_SIZE)),
            total,
            setPage,
          }}
          rows={requestRows}
          rowKey={(request) => request.id}
          noun="time off requests"
          empty={{ title: 'No time off ahead', message: 'Requests from the team appear here.' }}
          columns={[
            { header: 'Employee', cell: (request) => <NameCell name={request.employeeName} /> },
            { header: 'Dates', cell: (request) => datesText(request) },
            { header: 'Reason', cell: (request) => request.reason },
            {
              header: 'Status',
              cell: (request) => (
                <StatusBadge ok={request.status === 'approved'}>
                  {TIME_OFF_STATUS_LABELS[request.status]}
                </StatusBadge>
              ),
            },
          ]}
          actions={[
            {
              kind: 'approve',
              label: (request) => `Approve time off for ${request.employeeName}, ${datesText(request)}`,
              onClick: (request) => decide.mutate({ request, decision: 'approved' }),
              hidden: (request) => request.status !== 'requested',
            },
            {
              kind: 'decline',
              label: (request) => `Decline time off for ${request.employeeName}, ${datesText(request)}`,
              onClick: (request) => decide.mutate({ request, decision: 'declined' }),
              hidden: (request) => request.status !== 'requested',
            },
          ]}
        />
        {stranded && (
          <AdminFollowUp
            title={`${stranded.title}: ${stranded.appointments.length} appointment${stranded.appointments.length === 1 ? '' : 's'} to give to someone else`}
            note="Assign another therapist from the Appointments tab (search by the id)."
            onClose={() => setStranded(null)}
          >
            {stranded.appointments.map((appointment) => (
              <AdminFollowUpItem
                key={appointment.id}
                code={appointment.appointmentId}
                customer={appointment.customer?.name ?? 'Customer'}
                treatment={appointment.service.name}
                when={formatDateTime(appointment.start, IN_BUSINESS_TIME)}
              />
            ))}
          </AdminFollowUp>
        )}
      </AdminSection>

      <AdminSection
        title="Weekly hours"
        description="Without hours of their own, an employee works their shift's hours every day."
      >
        <AdminBanner>
          {schedules.error && getErrorMessage(schedules.error, 'Failed to load the hours')}
        </AdminBanner>
        <AdminTable
          list={{
            isPending: schedules.isPending,
            page: 1,
            pageCount: 1,
            total: schedules.data?.length ?? 0,
            setPage: () => undefined,
          }}
          rows={schedules.data ?? []}
          rowKey={(schedule) => schedule.employeeId}
          noun="employees"
          empty={{ title: 'No employees yet' }}
          columns={[
            {
              header: 'Employee',
              cell: (schedule) => (
                <NameCell name={schedule.name} sub={employeeRoleLabel(schedule.employeeRole)} />
              ),
            },
            {
              header: 'Hours',
              cell: (schedule) => (
                <NameCell
                  plain
                  name={weekSummary(schedule)}
                  sub={schedule.usesShift ? `${schedule.shift} shift` : 'Own hours'}
                />
              ),
            },
          ]}
          actions={[
            {
              kind: 'edit',
              label: (schedule) => `Edit hours of ${schedule.name}`,
              onClick: (schedule) => setEditing(schedule),
            },
          ]}
        />
      </AdminSection>

      {editing && (
        <Modal title={`Hours of ${editing.name}`} onClose={() => setEditing(null)} size="lg">
          <WeekForm
            schedule={editing}
            saving={save.isPending}
            serverError={save.error ? getErrorMessage(save.error, 'Failed to save the hours') : undefined}
            onSave={(days) => save.mutate({ employee: editing, days })}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
    </>
  );
}

function WeekForm({
  schedule,
  saving,
  serverError,
  onSave,
  onCancel,
}: {
  schedule: Schedule;
  saving: boolean;
  serverError?: string;
  onSave: (days: Array<{ opens: string; closes: string } | null> | null) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<WeekDraftDay[]>(() => weekDraft(schedule));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const update = (index: number, changes: Partial<WeekDraftDay>) =>
    setDraft((current) => current.map((day, at) => (at === index ? { ...day, ...changes } : day)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateWeek(draft);
    setErrors(result.errors);
    if (result.days) onSave(result.days);
  };

  return (
    <form className="cat-form" onSubmit={submit} noValidate>
      {serverError && (
        <p className="cat-admin-banner" role="alert">
          {serverError}
        </p>
      )}
      <table className="cat-table staff-week">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Works</th>
            <th scope="col">From</th>
            <th scope="col">Until</th>
          </tr>
        </thead>
        <tbody>
          {draft.map((day, index) => {
            const name = WEEKDAY_NAMES[index]!;
            return (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Works on ${name}`}
                    checked={day.working}
                    onChange={(event) => update(index, { working: event.target.checked })}
                  />
                </td>
                <td>
                  <input
                    className="cat-input"
                    type="time"
                    step={1800}
                    aria-label={`${name} from`}
                    disabled={!day.working}
                    value={day.opens}
                    aria-invalid={errors[index] ? true : undefined}
                    onChange={(event) => update(index, { opens: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    className="cat-input"
                    type="time"
                    step={1800}
                    aria-label={`${name} until`}
                    disabled={!day.working}
                    value={day.closes}
                    aria-invalid={errors[index] ? true : undefined}
                    onChange={(event) => update(index, { closes: event.target.value })}
                  />
                  {errors[index] && (
                    <p className="form-field__error" role="alert">
                      {name}: {errors[index]}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="modal__actions">
        {!schedule.usesShift && (
          <button type="button" className="btn btn--ghost" disabled={saving} onClick={() => onSave(null)}>
            Use the {schedule.shift} shift again
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save hours'}
        </button>
      </div>
    </form>
  );
}
