// "1234567.50" → "1,234,567.50": the decimal string as the server sent it, grouped by the money
// module's one grouping (never through a float).
export { groupAmount as groupDigits } from '@khela/contract/money';
