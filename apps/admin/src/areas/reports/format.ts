/** "1234567.50" → "1,234,567.50" (the decimal string as the server sent it, never through a float). */
export function groupDigits(amount: string): string {
  const [whole = '', fraction] = amount.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = sign ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
