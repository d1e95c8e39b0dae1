/** Python's str.isspace() on a non-empty string. */
export function isPySpace(s: string): boolean {
  return s !== "" && /^[\s\x1c-\x1f\x85]+$/u.test(s);
}
