import { shiftCovers, type ShiftHours } from './shifts.js';

const LOAD_SPREAD = 2;

export interface EmployeeCandidate {
  id: string;
  shift: string;
  /** free or occupied (identity's availability flag). */
  status: string;
}

/**
 * The employees who may take an appointment, best first: only those whose shift covers the whole of it;
 * those marked free before those marked occupied, then the less busy that day first. Loads within two
 * appointments of each other count as equal and are shuffled, so simultaneous bookings spread over the
 * staff instead of all reaching for the same person (and queueing behind each other for them).
 */
export function rankEmployees<E extends EmployeeCandidate>(
  candidates: readonly E[],
  options: {
    shifts: ShiftHours;
    startMinute: number;
    endMinute: number;
    loads: ReadonlyMap<string, number>;
    random?: () => number;
    /** Whether the employee works the whole slot (their weekly hours and time off); default: the shift. */
    covers?: (employee: E) => boolean;
  },
): E[] {
  const random = options.random ?? Math.random;
  const covers =
    options.covers ??
    ((employee: E) => shiftCovers(options.shifts, employee.shift, options.startMinute, options.endMinute));
  return candidates
    .filter(covers)
    .map((employee) => ({ employee, score: (options.loads.get(employee.id) ?? 0) + random() * LOAD_SPREAD }))
    .sort(
      (a, b) =>
        Number(a.employee.status === 'occupied') - Number(b.employee.status === 'occupied') ||
        a.score - b.score,
    )
    .map(({ employee }) => employee);
}

/** The free rooms in a random rotation, so simultaneous bookings spread over them instead of queueing on one. */
export function rotateRooms<R>(rooms: readonly R[], random: () => number = Math.random): R[] {
  if (rooms.length === 0) return [];
  const offset = Math.floor(random() * rooms.length);
  return [...rooms.slice(offset), ...rooms.slice(0, offset)];
}
