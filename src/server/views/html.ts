// A tagged template that escapes every interpolation unless it is already SafeHtml, so tool output
// (names, messages, values) can never become markup or script in the dashboard.

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Markup built elsewhere and known to be safe (our own constants only). */
export const raw = (markup: string): SafeHtml => new SafeHtml(markup);

/** JSON for display: pretty, and cut at `max` characters with a note. */
export function prettyJson(value: unknown, max = 20_000): string {
  let text: string;
  try {
    text = value === undefined ? 'undefined' : JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters; the full value is in the report JSON)` : text;
}
