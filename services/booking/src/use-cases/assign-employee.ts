import { AppError, forbidden, notFound, type AuthUser } from '@spa/kit';
import { isClosedStatus } from '../domain/appointment.js';
import type { AppointmentView } from '../domain/appointment-view.js';
import { updateAppointment } from '../db/appointment-writes.repository.js';
import { overlapRefused } from '../db/pg-errors.js';
import { findBookableService, findUser } from '../db/read-models.repository.js';
import { actorMessage, bookingEvents } from '../events/publishes.js';
import { lockSlot, slotOfAppointment } from './allocate-slot.js';
import { actorOf, nowOf, type BookingContext } from './context.js';
import { changeAppointment, commitChange, viewOf } from './appointment-change.js';
import { isDesk } from './calendar.js';

export const ASSIGNING_FOR_THE_DESK =
  'Assigning an employee is for the front desk: admins, managers and receptionists.';

/**
 * POST /appointments/:id/assign-employee: the desk (an admin, a manager or a receptionist: the
 * calendar's drop onto an employee's column) gives the appointment to an employee of the treatment's
 * role; refused when it would give the employee two places at once.
 */
export async function assignEmployee(
  context: BookingContext,
  id: string,
  employeeId: string,
  user: AuthUser,
): Promise<AppointmentView> {
  if (!(await isDesk(context.db, user))) throw forbidden(ASSIGNING_FOR_THE_DESK);
  return changeAppointment(context, id, async (tx, current) => {
    if (isClosedStatus(current.status))
      throw new AppError(
        422,
        'APPOINTMENT_CLOSED',
        `This appointment is ${current.status === 'No-show' ? 'a no-show' : current.status.toLowerCase()}; an employee can no longer be assigned.`,
      );
    const employee = await findUser(tx, employeeId);
    if (!employee || employee.role !== 'employee') throw notFound('Employee not found');
    if (employee.id === current.employeeId) return viewOf(tx, current.id);
    const service = await findBookableService(tx, current.serviceId);
    const role = service?.assignedEmployeeRole.trim();
    if (role && employee.employeeRole.toLowerCase() !== role.toLowerCase())
      throw new AppError(
        422,
        'ROLE_MISMATCH',
        `${employee.name} is ${employee.employeeRole ? `a ${employee.employeeRole}` : 'not given an employee role'}; ${current.serviceName} is performed by a ${role}.`,
      );
    const at = nowOf(context);
    const refused = await tx
      .transaction(async (savepoint) => {
        await lockSlot(savepoint, slotOfAppointment(current), null, employee.id);
        await updateAppointment(savepoint, current.id, { employeeId: employee.id, updatedAt: at });
      })
      .then(() => undefined)
      .catch((error: unknown) => {
        if (overlapRefused(error) !== 'employee') throw error;
        return 'busy';
      });
    if (refused)
      throw new AppError(409, 'EMPLOYEE_BUSY', `${employee.name} already has an appointment at that time.`);
    const actor = actorOf(user);
    return commitChange(context, tx, current.id, {
      actor,
      at,
      history: [{ field: 'employee', from: current.employeeId, to: employee.id, note: employee.name }],
      event: bookingEvents.employeeAssigned,
      extra: { previousEmployeeId: current.employeeId ?? '', assignedBy: actorMessage(actor) },
    });
  });
}
