// A tagged template that escapes every interpolation unless it is already SafeHtml, so tool output
// (names, messages, values) can never become markup or script in a report or the dashboard; the
// text is also made safe (safe-text.ts) so a tool's escape sequences never reach the page.
import { safeText } from '../safe-text.js';

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return safeText(text).replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
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
