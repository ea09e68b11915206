import { currentUser, forbidden } from '@spa/kit';
import type { preHandlerHookHandler } from 'fastify';
import { isDesk } from '../use-cases/calendar.js';
import type { BookingContext } from '../use-cases/context.js';

/*
 * Who may call a route is decided before its input is read (preValidation): someone without access
 * gets 401 or 403 whatever they send, never a 400 that would tell them about the route's input.
 */

/** The front desk: an admin, or an employee whose role is manager or receptionist. */
export const deskOnly =
  (context: BookingContext, message: string): preHandlerHookHandler =>
  async (request) => {
    if (!(await isDesk(context.db, currentUser(request)))) throw forbidden(message);
  };

/** Staff only (employees and admins): a customer is refused before the request is looked at. */
export const staffOnly =
  (message: string): preHandlerHookHandler =>
  (request, _reply, done) => {
    const user = currentUser(request);
    if (user.role !== 'employee' && user.role !== 'admin') throw forbidden(message);
    done();
  };

/** Employees only, for themselves (an admin is refused too). */
export const employeeOnly =
  (message: string): preHandlerHookHandler =>
  (request, _reply, done) => {
    if (currentUser(request).role !== 'employee') throw forbidden(message);
    done();
  };
