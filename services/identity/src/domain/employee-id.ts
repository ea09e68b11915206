/** Employees' readable ids: EMP-0001, EMP-0002, ... (more digits once past 9999). */
export function formatEmployeeId(sequenceNumber: number): string {
  if (!Number.isSafeInteger(sequenceNumber) || sequenceNumber < 1)
    throw new RangeError(`an employee number must be a positive integer, got ${sequenceNumber}`);
  return `EMP-${String(sequenceNumber).padStart(4, '0')}`;
}
