import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { getErrorMessage } from '../../../lib/api';
import type { Appointment } from '../../appointments/appointment';
import { appointmentKeys, fetchAvailableEmployees } from '../../appointments/appointments.api';
import { employeeRoleLabel } from '../../auth/account';

interface AssignEmployeeDialogProps {
  appointment: Appointment | null;
  busy: boolean;
  onAssign: (employeeId: string) => void;
  onClose: () => void;
}

/** The employees free for the appointment's time with the right role (GET …/available-employees). */
export function AssignEmployeeDialog({ appointment, busy, onAssign, onClose }: AssignEmployeeDialogProps) {
  // The choice belongs to the appointment it was made for: another appointment starts with none.
  const [choice, setChoice] = useState({ appointmentId: appointment?.id, employeeId: '' });
  const chosen = choice.appointmentId === appointment?.id ? choice.employeeId : '';
  const setChosen = (employeeId: string) => setChoice({ appointmentId: appointment?.id, employeeId });
  const employees = useQuery({
    queryKey: appointmentKeys.availableEmployees(appointment?.id ?? ''),
    queryFn: () => fetchAvailableEmployees(appointment!.id),
    enabled: Boolean(appointment),
    refetchOnMount: 'always',
    retry: false,
  });

  // Spec: a browser alert followed by the server's message or the error's text.
  useEffect(() => {
    if (!employees.error) return;
    window.alert(
      `Failed to fetch available employees: ${getErrorMessage(employees.error, employees.error.message)}`,
    );
    onClose();
  }, [employees.error, onClose]);

  const list = employees.data ?? [];
  return (
    <Modal
      closeOnBackdrop
      open={appointment !== null}
      title="Assign Employee"
      description={appointment ? `${appointment.appointmentId} · ${appointment.service.name}` : undefined}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onAssign(chosen);
      }}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={!chosen || busy}>
            {busy ? 'Assigning...' : 'Assign'}
          </button>
        </>
      }
    >
      {employees.isPending ? (
        <p className="muted" role="status">
          Finding available employees…
        </p>
      ) : list.length === 0 ? (
        <p className="muted">No employees with the right role are free at this time.</p>
      ) : (
        <fieldset className="assign-list">
          <legend className="visually-hidden">Available employees</legend>
          {list.map((employee) => (
            <label key={employee._id} className="assign-list__item">
              <input
                type="radio"
                name="assign-employee"
                value={employee._id}
                checked={chosen === employee._id}
                onChange={() => setChosen(employee._id)}
              />
              <span>
                <strong>{employee.name}</strong>
                <span className="muted">
                  {[
                    employee.employeeId,
                    employee.employeeRole && employeeRoleLabel(employee.employeeRole),
                    employee.workingLocation,
                    employee.onShift === false && 'Off shift at this time',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </Modal>
  );
}
