/**
 * One CSV field as RFC 4180 writes it: quoted, with inner quotes doubled, when it holds a
 * comma, quote or line break; as is otherwise. Text a spreadsheet would run as a formula
 * (starting with `=`, `+`, `-`, `@`, a tab or a carriage return, as OWASP's "CSV injection"
 * lists them) gets a leading `'`, which spreadsheets show as text; the field then starts with
 * `'`, so writing it again changes nothing. For text fields only: numbers are written as they are.
 */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
