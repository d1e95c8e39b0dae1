/**
 * What a failed run's row says about its error: `Name: message`, on one line (line breaks and
 * the spaces around them become one space; runs.csv has one line per run).
 */
export function sweepErrorMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s*[\r\n]+\s*/g, " ").trim();
}
