import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Pager, pageCountOf } from '../../components/pager';
import { getErrorMessage } from '../../lib/api';
import { toast } from '../../stores/toast.store';
import { businessDayOf } from '../appointments/business-time';
import { dateKey } from '../appointments/availability';
import { FormField } from '../../components/ui/form-field';
import {
  fetchSchedule,
  fetchTimeOff,
  requestTimeOff,
  staffTimeKeys,
  TIME_OFF_PAGE_SIZE,
  withdrawTimeOff,
  type TimeOff,
} from './staff-time.api';
import {
  datesText,
  TIME_OFF_STATUS_LABELS,
  validateTimeOff,
  weekSummary,
  type TimeOffDraft,
} from './staff-time.rules';
import '../../components/ui/admin.css';
import './staff-time.css';

const EMPTY: TimeOffDraft = { firstDate: '', lastDate: '', reason: '' };

/**
 * The employee dashboard's "Hours and time off": the hours they work each week,
 * a request for days off, and their requests with what the admin decided; a request not yet over can be
 * withdrawn.
 */
export function MyHoursAndTimeOff({ employeeId }: { employeeId: string }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const schedule = useQuery({
    queryKey: staffTimeKeys.schedule(employeeId),
    queryFn: () => fetchSchedule(employeeId),
  });
  const requests = useQuery({
    queryKey: staffTimeKeys.timeOff('mine', page),
    queryFn: () => fetchTimeOff(page),
    placeholderData: keepPreviousData,
  });
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof TimeOffDraft, string>>>({});
  const today = dateKey(businessDayOf(new Date()));

  const ask = useMutation({
    mutationFn: requestTimeOff,
    onSuccess: async (created) => {
      toast.success(`Time off asked for ${datesText(created)}: waiting for approval`);
      setDraft(EMPTY);
      await queryClient.invalidateQueries({ queryKey: staffTimeKeys.all });
    },
  });
  const withdraw = useMutation({
    mutationFn: (request: TimeOff) => withdrawTimeOff(request.id),
    onSuccess: async (withdrawn) => {
      toast.success(`Time off ${datesText(withdrawn)} withdrawn`);
      await queryClient.invalidateQueries({ queryKey: staffTimeKeys.all });
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Failed to withdraw the request')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateTimeOff(draft, today);
    setErrors(result.errors);
    if (result.request) ask.mutate(result.request);
  };
  const update = (changes: Partial<TimeOffDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const list = requests.data?.requests ?? [];
  const pageCount = pageCountOf(requests.data?.total ?? 0, TIME_OFF_PAGE_SIZE);

  return (
    <section className="dash-section staff-time" aria-labelledby="my-time-title">
      <div className="dash-section__header">
        <h2 id="my-time-title" className="dash-section__title">
          Hours and time off
        </h2>
      </div>
      <p className="staff-time__hours">
        <strong>Your hours:</strong>{' '}
        {schedule.data
          ? `${weekSummary(schedule.data)}${schedule.data.usesShift ? ` (your ${schedule.data.shift} shift)` : ''}`
          : schedule.isPending
            ? 'Loading…'
            : 'Not available right now'}
      </p>

      <form className="staff-time__form" onSubmit={submit} noValidate aria-label="Ask for time off">
        {ask.error && (
          <p className="cat-admin-banner" role="alert">
            {getErrorMessage(ask.error, 'Failed to send the request')}
          </p>
        )}
        <FormField label="First day" required error={errors.firstDate}>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              type="date"
              min={today}
              value={draft.firstDate}
              onChange={(event) => update({ firstDate: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Last day" required error={errors.lastDate}>
          {(control) => (
            <input
              {...control}
              className="cat-input"
              type="date"
              min={draft.firstDate || today}
              value={draft.lastDate}
              onChange={(event) => update({ lastDate: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Reason" required error={errors.reason} className="staff-time__reason">
          {(control) => (
            <input
              {...control}
              className="cat-input"
              maxLength={200}
              value={draft.reason}
              onChange={(event) => update({ reason: event.target.value })}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn--primary" disabled={ask.isPending}>
          {ask.isPending ? 'Sending…' : 'Ask for time off'}
        </button>
      </form>

      {list.length > 0 && (
        <ul className="staff-time__requests" aria-label="Your time off requests">
          {list.map((request) => (
            <li key={request.id} className="staff-time__request">
              <div>
                <strong>{datesText(request)}</strong> · {request.reason}
                {request.decisionNote && <span className="cat-table__sub">“{request.decisionNote}”</span>}
              </div>
              <span className={`staff-time__status staff-time__status--${request.status}`}>
                {TIME_OFF_STATUS_LABELS[request.status] ?? request.status}
              </span>
              {(request.status === 'requested' || request.status === 'approved') &&
                request.lastDate >= today && (
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={withdraw.isPending}
                    aria-label={`Withdraw time off ${datesText(request)}`}
                    onClick={() => withdraw.mutate(request)}
                  >
                    Withdraw
                  </button>
                )}
            </li>
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <Pager
          page={page}
          pageCount={pageCount}
          total={requests.data?.total ?? 0}
          noun="requests"
          onPageChange={(next) => setPage(Math.min(Math.max(1, next), pageCount))}
        />
      )}
    </section>
  );
}
