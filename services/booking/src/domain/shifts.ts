/** The working hours of each shift, as minutes of the day in the business's zone: [start, end). */
export type ShiftHours = Record<string, { startMinute: number; endMinute: number }>;

/**
 * Reads "morning=09:00-17:00,night=13:00-21:00"; answers the shifts, or what is wrong as a sentence.
 * The spec names the shifts (morning, night) but not their hours, so they are configuration.
 */
export function parseShiftHours(text: string): ShiftHours | string {
  const shifts: ShiftHours = {};
  for (const part of text
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    const match = /^([a-z][a-z -]*)=(\d{2}):(\d{2})-(\d{2}):(\d{2})$/i.exec(part);
    if (!match) return `"${part}" is not like morning=09:00-17:00`;
    const [, name, startHours, startMinutes, endHours, endMinutes] = match;
    const startMinute = Number(startHours) * 60 + Number(startMinutes);
    const endMinute = Number(endHours) * 60 + Number(endMinutes);
    if (
      Number(startMinutes) > 59 ||
      Number(endMinutes) > 59 ||
      endMinute > 24 * 60 ||
      endMinute <= startMinute
    )
      return `"${part}" must end after it starts, within one day`;
    shifts[name!.trim().toLowerCase()] = { startMinute, endMinute };
  }
  if (Object.keys(shifts).length === 0) return 'at least one shift is needed';
  return shifts;
}

/** Whether an employee on `shift` works the whole of [startMinute, endMinute) of a day. */
export function shiftCovers(
  shifts: ShiftHours,
  shift: string | null | undefined,
  startMinute: number,
  endMinute: number,
): boolean {
  const hours = shift ? shifts[shift.trim().toLowerCase()] : undefined;
  return Boolean(hours && hours.startMinute <= startMinute && endMinute <= hours.endMinute);
}
