// Keys a tool, a fixture or tool.json names (an output called `constructor`, an input called
// `__proto__`) are own properties only: read with Object.hasOwn, never through the prototype
// (`body.toString` is a function for any object), and written as data, never as the prototype.

/** `obj[key]` when `obj` has it as its own property, else undefined. */
export function ownValue(obj: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

/** Sets `obj[key]` as an own data property (`obj['__proto__'] = v` would set the prototype instead). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
