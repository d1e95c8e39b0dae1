/**
 * One CSV field as RFC 4180 writes it: quoted, with inner quotes doubled, when it holds a
 * comma, quote or line break; as is otherwise.
 */
export function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
