import type { CalendarAppointment, CalendarDay } from './calendar.api';

/** Business time is Asia/Kolkata, a fixed UTC+05:30: wall-clock arithmetic is a fixed shift. */
const IST_OFFSET_MINUTES = 330;

/** Minutes from local midnight of "09:30". */
export const minuteOfClock = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The local date (YYYY-MM-DD) and minute of the day of an instant. */
export function localOf(iso: string | Date): { date: string; minute: number } {
  const shifted = new Date(
    (typeof iso === 'string' ? Date.parse(iso) : iso.getTime()) + IST_OFFSET_MINUTES * 60_000,
  );
  return {
    date: shifted.toISOString().slice(0, 10),
    minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

export function addDaysTo(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of the week a date falls in (desks plan Monday to Sunday). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDaysTo(date, -((weekday + 6) % 7));
}

/** The rows the grid shows: from the earliest opening to the latest closing of the days shown, whole hours. */
export function gridHours(
  days: readonly CalendarDay[],
  appointments: readonly Pick<CalendarAppointment, 'start' | 'cleanupUntil'>[] = [],
): { startMinute: number; endMinute: number } {
  const open = days.filter((day) => !day.closed);
  const source = open.length > 0 ? open : days;
  let start = Math.min(...source.map((day) => minuteOfClock(day.opens)));
  let end = Math.max(...source.map((day) => minuteOfClock(day.closes)));
  // An appointment outside the hours (booked before the hours changed, or moved by the desk) still
  // shows: the grid stretches to hold every one of the shown days.
  const shown = new Set(days.map((day) => day.date));
  for (const appointment of appointments) {
    const from = localOf(appointment.start);
    if (!shown.has(from.date)) continue;
    const to = localOf(appointment.cleanupUntil);
    start = Math.min(start, from.minute);
    end = Math.max(end, to.date === from.date ? to.minute : 24 * 60);
  }
  return { startMinute: Math.floor(start / 60) * 60, endMinute: Math.min(Math.ceil(end / 60) * 60, 24 * 60) };
}

export interface PlacedBlock {
  appointment: CalendarAppointment;
  /** Percent of the column's height from the top, and the treatment's and the cleanup's heights. */
  top: number;
  height: number;
  cleanupHeight: number;
  /** Side by side when they overlap in one column (the week view): which lane of how many. */
  lane: number;
  lanes: number;
}

/**
 * Where each appointment of one column sits on a grid of [startMinute, endMinute): its treatment and its
 * cleanup as heights, and lanes for those that overlap (a week's day column holds every room).
 */
export function placeBlocks(
  appointments: readonly CalendarAppointment[],
  grid: { startMinute: number; endMinute: number },
): PlacedBlock[] {
  const span = grid.endMinute - grid.startMinute;
  const percent = (minutes: number) => (minutes / span) * 100;
  const sorted = [...appointments].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const placed: PlacedBlock[] = [];
  // Greedy lanes within each cluster of overlapping blocks.
  let cluster: PlacedBlock[] = [];
  let clusterEnd = -Infinity;
  const laneEnds: number[] = [];
  const closeCluster = () => {
    for (const block of cluster) block.lanes = Math.max(1, laneEnds.length);
    cluster = [];
    laneEnds.length = 0;
  };
  for (const appointment of sorted) {
    const start = localOf(appointment.start).minute;
    const end = start + (Date.parse(appointment.end) - Date.parse(appointment.start)) / 60_000;
    const cleanupEnd =
      start + (Date.parse(appointment.cleanupUntil) - Date.parse(appointment.start)) / 60_000;
    if (start >= clusterEnd) closeCluster();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.push(cleanupEnd) - 1;
    else laneEnds[lane] = cleanupEnd;
    clusterEnd = Math.max(clusterEnd, cleanupEnd);
    const block: PlacedBlock = {
      appointment,
      top: percent(start - grid.startMinute),
      height: percent(end - start),
      cleanupHeight: percent(cleanupEnd - end),
      lane,
      lanes: 1,
    };
    cluster.push(block);
    placed.push(block);
  }
  closeCluster();
  return placed;
}

/** Percent from the top of the grid of "now", or undefined when now is not on the grid that day. */
export function nowOffset(now: Date, date: string, grid: { startMinute: number; endMinute: number }) {
  const local = localOf(now);
  if (local.date !== date || local.minute < grid.startMinute || local.minute > grid.endMinute)
    return undefined;
  return ((local.minute - grid.startMinute) / (grid.endMinute - grid.startMinute)) * 100;
}

/** The class of a block's colour by its status ("In Progress" → "in-progress"). */
export const statusClass = (status: string) => status.toLowerCase().replace(/\s+/g, '-');

/** The instant of a business-time wall clock: "2026-12-01" at minute 870 → 14:30 IST. */
export function instantOf(date: string, minute: number): string {
  const hours = String(Math.floor(minute / 60)).padStart(2, '0');
  const minutes = String(minute % 60).padStart(2, '0');
  return new Date(`${date}T${hours}:${minutes}:00+05:30`).toISOString();
}

/** Where a dragged block lands: the minute under its top edge, snapped to a quarter hour, kept on the grid. */
export function dropMinute(
  pointerMinute: number,
  grabMinutes: number,
  durationMinutes: number,
  grid: { startMinute: number; endMinute: number },
): number {
  const snapped = Math.round((pointerMinute - grabMinutes) / 15) * 15;
  return Math.min(Math.max(snapped, grid.startMinute), grid.endMinute - durationMinutes);
}

/** "09:05": a minute of the day as the time inputs read it. */
export const clockOfMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * Where the toolbar's New booking starts: on today, the next quarter hour from now; on another day,
 * 10:00. The desk changes it in the form.
 */
export function newBookingStart(date: string, now: Date): { date: string; time: string } {
  const local = localOf(now);
  if (local.date !== date) return { date, time: '10:00' };
  const next = Math.ceil((local.minute + 1) / 15) * 15;
  return next >= 24 * 60 ? { date: addDaysTo(date, 1), time: '10:00' } : { date, time: clockOfMinute(next) };
}
