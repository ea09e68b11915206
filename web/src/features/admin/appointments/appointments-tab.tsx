import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/icons';
import { pageCountOf } from '../../../components/pager';
import { getErrorMessage } from '../../../lib/api';
import {
  APPOINTMENT_STATUSES,
  appointmentCountLabel,
  type Appointment,
} from '../../appointments/appointment';
import {
  appointmentKeys,
  assignEmployee,
  completeAppointment,
  fetchAdminAppointments,
  updateAppointmentStatus,
  updatePaymentStatus,
} from '../../appointments/appointments.api';
import { useDebouncedValue } from '../../bills/use-debounced-value';
import { AdminSection, AdminTable } from '../../../components/ui/admin-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { FilterIcon, SearchIcon } from '../../dashboard/dashboard-icons';
import {
  adminQuery,
  DATE_ORDER_MESSAGE,
  EMPTY_FILTERS,
  isDateRangeInOrder,
  type AdminFilterValues,
} from './admin-filters';
import { appointmentColumns } from './appointment-columns';
import { RefundDialog } from '../../refunds/refund-dialog';
import { AssignEmployeeDialog } from './assign-employee-dialog';
import '../../auth/forms.css';
import './admin-appointments.css';

const SEARCH_SETTLE_MS = 300;
const PAGE_SIZE = 50;

/** The spec's admin alerts: the action's text, then the server's message or the error's own text. */
function alertFailure(prefix: string, error: Error) {
  window.alert(`${prefix}: ${getErrorMessage(error, error.message)}`);
}

/** One admin action on an appointment; the list reloads after it, whatever the outcome. */
function useAppointmentAction<T>(action: (input: T) => Promise<unknown>, failure: string, success?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => {
      if (success) window.alert(success);
    },
    onError: (error: Error) => alertFailure(failure, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

/** The admin panel's Appointments tab: search, filters, and every action on an appointment. */
export default function AppointmentsTab() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<AdminFilterValues>(EMPTY_FILTERS);
  const [panelOpen, setPanelOpen] = useState(false);
  const [assigning, setAssigning] = useState<Appointment | null>(null);
  const [refunding, setRefunding] = useState<Appointment | null>(null);
  const [page, setPage] = useState(1);
  const id = useId();

  const inOrder = isDateRangeInOrder(values);
  const settledSearch = useDebouncedValue(values.search, SEARCH_SETTLE_MS);
  // While the dates are out of order the list keeps the last filters that made sense.
  const [lastValid, setLastValid] = useState(() => adminQuery(EMPTY_FILTERS));
  const query = inOrder ? adminQuery({ ...values, search: settledSearch }) : lastValid;
  if (inOrder && JSON.stringify(query) !== JSON.stringify(lastValid)) setLastValid(query);
  const filters = { ...query, page, pageSize: PAGE_SIZE };

  const list = useQuery({
    queryKey: appointmentKeys.admin(filters),
    queryFn: () => fetchAdminAppointments(filters),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    retry: false,
  });
  useEffect(() => {
    if (list.error) alertFailure('Failed to fetch appointments', list.error);
  }, [list.error]);

  const setStatus = useAppointmentAction(
    ({ id: appointmentId, status }: { id: string; status: string }) =>
      updateAppointmentStatus(appointmentId, status),
    'Failed to update status',
  );
  const setPayment = useAppointmentAction(
    ({ id: appointmentId, paymentStatus }: { id: string; paymentStatus: string }) =>
      updatePaymentStatus(appointmentId, paymentStatus),
    'Failed to update payment status',
  );
  const complete = useAppointmentAction(
    (appointmentId: string) => completeAppointment(appointmentId),
    'Failed to complete appointment',
  );
  const assign = useAppointmentAction(
    ({ id: appointmentId, employeeId }: { id: string; employeeId: string }) =>
      assignEmployee(appointmentId, employeeId),
    'Failed to assign employee',
    'Employee assigned successfully!',
  );

  const closeAssign = useCallback(() => setAssigning(null), []);
  const change = (patch: Partial<AdminFilterValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  const activeFilters = [values.status, values.startDate, values.endDate].filter(Boolean).length;
  const appointments = list.data?.appointments ?? [];
  const total = list.data?.total ?? 0;
  const pages = pageCountOf(total, PAGE_SIZE);
  const pendingId = (mutation: { isPending: boolean; variables?: unknown }) =>
    mutation.isPending
      ? typeof mutation.variables === 'string'
        ? mutation.variables
        : (mutation.variables as { id?: string } | undefined)?.id
      : undefined;
  const busyIds = new Set([
    pendingId(setStatus),
    pendingId(setPayment),
    pendingId(complete),
    pendingId(assign),
  ]);

  const columns = appointmentColumns({
    busy: (appointment) => busyIds.has(appointment.id),
    onStatus: (appointment, status) => setStatus.mutate({ id: appointment.id, status }),
    onPaymentStatus: (appointment, paymentStatus) => setPayment.mutate({ id: appointment.id, paymentStatus }),
    onAssign: setAssigning,
    onComplete: (appointment) => complete.mutate(appointment.id),
    onRefund: setRefunding,
  });

  return (
    <AdminSection
      title="Appointments"
      description={list.isPending ? 'Loading…' : appointmentCountLabel(total)}
    >
      <div className="adm-apt-filters" role="search">
        <div className="adm-apt-filters__bar">
          <label className="adm-apt-search">
            <SearchIcon size={18} />
            <span className="visually-hidden">Search appointments</span>
            <input
              className="input"
              type="search"
              placeholder="Search by appointment ID, customer or service"
              value={values.search}
              onChange={(event) => change({ search: event.target.value })}
            />
          </label>
          <button
            type="button"
            className="btn btn--ghost"
            aria-expanded={panelOpen}
            aria-controls={`${id}-panel`}
            onClick={() => setPanelOpen((open) => !open)}
          >
            <FilterIcon size={16} /> Filters{activeFilters ? ` (${activeFilters})` : ''}{' '}
            <ChevronDownIcon size={16} />
          </button>
        </div>
        <div id={`${id}-panel`} className="adm-apt-filters__panel" hidden={!panelOpen}>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-status`}>
              Status
            </label>
            <select
              id={`${id}-status`}
              className="select"
              value={values.status}
              onChange={(event) => change({ status: event.target.value })}
            >
              <option value="">All</option>
              {APPOINTMENT_STATUSES.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-start`}>
              Start date
            </label>
            <input
              id={`${id}-start`}
              className="input"
              type="date"
              value={values.startDate}
              max={values.endDate || undefined}
              onChange={(event) => change({ startDate: event.target.value })}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-end`}>
              End date
            </label>
            <input
              id={`${id}-end`}
              className="input"
              type="date"
              value={values.endDate}
              min={values.startDate || undefined}
              aria-invalid={!inOrder || undefined}
              aria-describedby={inOrder ? undefined : `${id}-order`}
              onChange={(event) => change({ endDate: event.target.value })}
            />
          </div>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={!activeFilters}
            onClick={() => change({ status: '', startDate: '', endDate: '' })}
          >
            Reset
          </button>
          {!inOrder && (
            <p id={`${id}-order`} className="adm-apt-filters__error" role="alert">
              {DATE_ORDER_MESSAGE}
            </p>
          )}
        </div>
      </div>

      {list.isError ? (
        <EmptyState title="No appointments found" message="The appointments could not be loaded." />
      ) : (
        <AdminTable
          list={{ isPending: list.isPending, page, pageCount: pages, total, setPage }}
          rows={appointments}
          rowKey={(appointment) => appointment.id}
          columns={columns}
          noun="appointments"
          empty={{ title: 'No appointments found' }}
          className="adm-apt-table"
          stacked
          rowProps={(appointment) => ({
            className: 'adm-apt',
            'aria-busy': busyIds.has(appointment.id) || undefined,
          })}
        />
      )}

      <RefundDialog
        target={refunding ? { kind: 'appointment', id: refunding.id } : null}
        label={refunding ? `${refunding.appointmentId} · ${refunding.service.name}` : ''}
        onClose={() => setRefunding(null)}
        onRefunded={() => void queryClient.invalidateQueries({ queryKey: appointmentKeys.all })}
      />
      <AssignEmployeeDialog
        appointment={assigning}
        busy={assign.isPending}
        onClose={closeAssign}
        onAssign={(employeeId) =>
          assigning &&
          assign.mutate({ id: assigning.id, employeeId }, { onSuccess: () => setAssigning(null) })
        }
      />
    </AdminSection>
  );
}
