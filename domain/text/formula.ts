/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets
 * a leading apostrophe, as OWASP advises for CSV exports; imported cells such as "=HYPERLINK(…)"
 * stay text when a hotel opens our files. Numbers are written as numbers and never escaped.
 */
export function escapeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
