// A JSON object: not null, not an array, not a number kept as its text (values from parseJson,
// JSON.parse or a YAML document).
import { JsonNumber } from './json-number.js';

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);
}
