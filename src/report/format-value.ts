/** A value shortened for a terminal line; --json always carries the full value. */
export function formatValue(v: unknown, limit = 80): string {
  // a line needs a few characters to say anything; tolerance.yaml may ask for 0
  const max = Math.max(8, limit);
  let text: string;
  if (typeof v === 'string') {
    text = v.startsWith('data:') ? `${v.slice(0, v.indexOf(',') + 1)}… (${v.length} chars)` : JSON.stringify(v);
  } else {
    text = JSON.stringify(v) ?? String(v);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
