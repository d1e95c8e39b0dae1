/** An expression of a message, shortened: a hostile one can be megabytes long. */
export function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
