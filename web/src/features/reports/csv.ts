/**
 * A report section as CSV, the way spreadsheets read it: a header row, then one row per record; a
 * field with a comma, a quote or a line break is quoted (its quotes doubled), and one that a
 * spreadsheet would run as a formula (=, +, -, @ first) is led by an apostrophe (CSV injection).
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number;
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((column) => field(column.header))];
  for (const row of rows) lines.push(columns.map((column) => field(column.value(row))));
  return lines.map((line) => line.join(',')).join('\r\n') + '\r\n';
}

function field(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Saves a CSV text as a file the browser downloads ("revenue-by-day-2026-11-01-to-2026-11-30.csv"). */
export function downloadCsv(fileName: string, csv: string): void {
  // A byte-order mark so Excel reads the rupee sign and names as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
