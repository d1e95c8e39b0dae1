/** `{ [key]: value }` when `value` is defined, else `{}`: optional fields under exactOptionalPropertyTypes. */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** A copy of `shape` named `name`, or without a name when `name` is undefined. */
export function withName<T extends { readonly name?: string }>(shape: T, name: string | undefined): T {
  const { name: _unused, ...rest } = shape;
  return (name === undefined ? rest : { ...rest, name }) as T;
}
