// API errors answer `{"detail": "…"}` with their status; request bodies are parsed strictly.
import type { Context } from 'hono';
import { suggest } from '../util/did-you-mean.js';

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 500,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

type FieldKind = 'string[]' | 'boolean' | 'string';

/**
 * Parses an optional JSON object body, refusing unknown fields and wrong types with a 400. Fields
 * are looked up as own properties only, so `{"__proto__": {...}}` (an own key after JSON.parse) is
 * an unknown field, never a prototype for the parsed body.
 */
export async function readBody<T extends Record<string, unknown>>(
  c: Context,
  fields: Record<string, FieldKind>,
): Promise<Partial<T>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type))
    throw new ApiError(
      415,
      `send the request body as JSON with Content-Type: application/json (got ${type || 'no Content-Type'})`,
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw new ApiError(400, `request body is not valid JSON: ${(err as Error).message}`);
  }
  if (body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'request body must be a JSON object');
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(body)) {
    const kind = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!kind) {
      const close = suggest(key, Object.keys(fields));
      throw new ApiError(
        400,
        `unknown field '${key}' in the request body${close ? ` — did you mean '${close}'?` : ''} (allowed: ${Object.keys(fields).join(', ')})`,
      );
    }
    if (value === null || value === undefined) continue;
    if (kind === 'boolean' && typeof value !== 'boolean') throw new ApiError(400, `'${key}' must be true or false`);
    if (kind === 'string' && typeof value !== 'string') throw new ApiError(400, `'${key}' must be a string`);
    if (kind === 'string[]' && (!Array.isArray(value) || !value.every((v) => typeof v === 'string')))
      throw new ApiError(400, `'${key}' must be a list of strings`);
    out[key] = value;
  }
  return out as Partial<T>;
}
