import { useQuery } from '@tanstack/react-query';
import { fetchCalendar } from '../calendar/calendar.api';
import { localOf } from '../calendar/calendar-layout';
import type { Sale } from './counter.api';

export interface Therapist {
  id: string;
  name: string;
}

/** The business day (Asia/Kolkata) of an instant, YYYY-MM-DD. */
export const businessDay = (when: Date = new Date()) => localOf(when).date;

/**
 * Who may be tipped or paid a tip out: today's staff from the desk's calendar, plus whoever served on
 * the sale (so a visit's therapist is there even where the calendar is not readable by this desk).
 */
export function useTherapists(sale?: Pick<Sale, 'lines'>): Therapist[] {
  const today = businessDay();
  const calendar = useQuery({
    queryKey: ['appointments', 'calendar', today, 1],
    queryFn: () => fetchCalendar(today, 1),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const byId = new Map<string, Therapist>();
  for (const line of sale?.lines ?? [])
    if (line.employeeId && line.kind !== 'tip')
      byId.set(line.employeeId, { id: line.employeeId, name: line.employeeName || 'Therapist' });
  for (const employee of calendar.data?.employees ?? [])
    if (!byId.has(employee.id)) byId.set(employee.id, { id: employee.id, name: employee.name });
  return [...byId.values()];
}
