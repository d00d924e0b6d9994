// Paths that locate a difference inside a value: `rows[3].amount`, `series[name=balance].y[2]`.
import { shortJson } from './value.js';

export function joinPath(base: string, key: string | number): string {
  if (typeof key === 'number') return `${base}[${key}]`;
  const safe = /^[A-Za-z_$][\w$-]*$/.test(key) ? key : JSON.stringify(key);
  return base ? (safe.startsWith('"') ? `${base}[${safe}]` : `${base}.${safe}`) : safe;
}

/** `series[name=balance]`, `nodes[id=0]`; with an occurrence (0-based) for repeated keys: `slices[label=Rent#2]`. */
export function keyedPath(base: string, field: string, value: unknown, occurrence?: number): string {
  return `${base}[${field}=${pathText(value)}${occurrence !== undefined ? `#${occurrence + 1}` : ''}]`;
}

/** A key value as shown inside a path: plain text when unambiguous, else JSON. */
export function pathText(value: unknown): string {
  return typeof value === 'string' && /^[^[\]=#,"]*$/.test(value) && value !== '' ? value : shortJson(value, 60);
}
