/**
 * One cell of a CSV file that people open in spreadsheets (RFC 4180 plus OWASP's CSV-injection
 * advice): a text starting with = + - @, a tab or a carriage return would be read as a formula, so
 * it gets a leading apostrophe (shown as text, not run); a plain number stays a number, negative
 * ones included. A cell holding a quote, a comma, a carriage return or a newline is quoted, quotes
 * doubled, so it stays one cell of one row.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line of cells (no line end). */
export function csvRow(values: readonly string[]): string {
  return values.map(csvCell).join(',');
}
