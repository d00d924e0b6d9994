// Base64 payloads checked in one linear pass over their characters. A regular expression with a
// repeated group backtracks once per group: over a multi-megabyte payload (a PDF in a `file` output)
// V8 overflows its stack, so no base64 check here is a regular expression.

export interface Base64Shape {
  /** alphabet characters, whitespace and padding not counted */
  chars: number;
  /** trailing '=' characters */
  padding: number;
  /** uses '+' or '/' (the standard alphabet) */
  standard: boolean;
  /** uses '-' or '_' (the URL-safe alphabet) */
  urlSafe: boolean;
}

enum C {
  Plus = 43,
  Slash = 47,
  Minus = 45,
  Underscore = 95,
  Equals = 61,
}

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/**
 * The shape of `text` as base64 (either alphabet, whitespace anywhere, at most two '=' at the end),
 * or null when it is not base64 at all. Never throws, whatever the length.
 */
export function base64Shape(text: string): Base64Shape | null {
  let chars = 0;
  let padding = 0;
  let standard = false;
  let urlSafe = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    if (c === C.Equals) {
      if (++padding > 2) return null;
      continue;
    }
    if (padding > 0) return null; // data after the padding
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57)) chars++;
    else if (c === C.Plus || c === C.Slash) {
      standard = true;
      chars++;
    } else if (c === C.Minus || c === C.Underscore) {
      urlSafe = true;
      chars++;
    } else return null;
  }
  return { chars, padding, standard, urlSafe };
}

/**
 * Decodes base64 in either alphabet (whitespace ignored), or null when `text` is empty or not
 * base64: a character outside the alphabet, padding in the middle, or a length no encoder writes
 * (one character over a multiple of four).
 */
export function decodeBase64(text: string): Buffer | null {
  const shape = base64Shape(text);
  if (!shape || shape.chars === 0 || shape.chars % 4 === 1) return null;
  // Node's decoder reads both alphabets and skips whitespace itself
  return Buffer.from(text, 'base64');
}
