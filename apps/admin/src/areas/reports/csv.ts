/**
 * CSV for spreadsheets (RFC 4180): every cell that holds a comma, a quote or a line break is
 * quoted with its quotes doubled; lines end with CRLF; a BOM so that Excel reads UTF-8. A text cell
 * that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return,
 * e.g. an agent's name `=HYPERLINK(…)`) is prefixed with a quote (OWASP, CSV injection); plain
 * numbers (`-130.00`) stay numbers.
 */
export type CsvValue = string | number | null | undefined;

const plainNumber = /^-?\d+(\.\d+)?$/;
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (formulaStart.test(text) && !plainNumber.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Saves `text` as a file through the browser's download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
