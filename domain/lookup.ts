/**
 * The value `record` holds under `key` itself, or undefined. A plain `record[key]` with a key that
 * comes from outside (a request, a file's cell) answers names every object inherits: `valueOf`,
 * `constructor` and `__proto__` are functions or objects, not entries.
 */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
