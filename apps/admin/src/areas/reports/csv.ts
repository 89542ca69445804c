import { csvCell as shellCsvCell, downloadCsv } from '../../shared/lib/csv.ts';

/**
 * The reports' CSV: the shell's quoting and formula-injection rule (shared/lib/csv.ts), except that
 * a plain number stays a number — a negative GGR (`-130.00`) is a figure to sum, not a formula —
 * while a text such as an agent's name `=HYPERLINK(…)`, `-2+3` or one starting with a line break
 * gets its leading quote.
 */
export type CsvValue = string | number | null | undefined;

const plainNumber = /^-?\d+(\.\d+)?$/;

export function csvCell(value: CsvValue): string {
  if (value !== null && value !== undefined && plainNumber.test(String(value))) return String(value);
  return shellCsvCell(value);
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Downloads the report's CSV (with the BOM spreadsheet programs need for UTF-8). */
export function downloadReport(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
) {
  downloadCsv(fileName, toCsv(header, rows));
}
