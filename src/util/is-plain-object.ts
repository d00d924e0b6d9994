// A JSON object: not null, not an array (values from JSON.parse or a YAML document).
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
