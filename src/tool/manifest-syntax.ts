// tool.json's JSON syntax errors in words: each names its line and column (check 2 shows the first one
// on its own) and the fix. Words that are someone else's JSON (Python's True, None) get their JSON spelling.
import { excerpt } from '../source/excerpt.js';
import type { JsonSource, JsonSyntaxError } from '../source/json-source.js';

type SyntaxSource = Extract<JsonSource, { kind: 'syntax' }>;

const FILE = 'tool.json';

const NOT_JSON_WORDS: Record<string, string> = {
  True: 'true',
  False: 'false',
  None: 'null',
  undefined: 'null',
  NaN: 'null',
  Infinity: 'a large number',
  nil: 'null',
  NULL: 'null',
};

/** One sentence per mistake, stopping at the first one after which the parser's complaints are echoes. */
export function toolJsonSyntaxProblems(source: SyntaxSource): { line: number; message: string }[] {
  const out: { line: number; message: string }[] = [];
  for (const error of source.errors) {
    const { message, recoverable } = describe(source, error);
    const { line, column } = source.position(Math.min(error.offset, source.text.length));
    out.push({ line, message: `${FILE} line ${line}, column ${column}: ${message}` });
    // after anything but a trailing comma or a comment the parser's later complaints are echoes
    if (!recoverable) break;
  }
  return out;
}

function previousNonSpace(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i;
}

function tokenAt(text: string, offset: number): string {
  const match = /^"(?:[^"\\\n]|\\.){0,30}"?|^[A-Za-z_$][\w$]*|^-?[\d.eE+-]+|^./.exec(text.slice(offset, offset + 40));
  return match ? match[0] : '';
}

function describe(source: SyntaxSource, error: JsonSyntaxError): { message: string; recoverable: boolean } {
  const { text } = source;
  const { code } = error;
  const atEnd = error.offset >= text.length;
  const ch = atEnd ? '' : text[error.offset]!;
  // the token is quoted in the message: escaped, as any text from a user's file
  const token = atEnd ? '' : excerpt(tokenAt(text, error.offset), 40);
  const prev = previousNonSpace(text, error.offset);

  if (
    (code === 'PropertyNameExpected' || code === 'ValueExpected') &&
    (ch === '}' || ch === ']') &&
    text[prev] === ','
  ) {
    const commaLine = source.position(prev).line;
    return {
      message: `trailing comma before '${ch}' — remove the comma after the last item (line ${commaLine})`,
      recoverable: true,
    };
  }
  if (code === 'InvalidCommentToken' || code === 'UnexpectedEndOfComment') {
    return {
      message: 'comments are not allowed in JSON — remove the comment (put notes in "description" instead)',
      recoverable: code === 'InvalidCommentToken',
    };
  }
  if (atEnd) {
    return {
      message: 'the file ends too early — close every open string, object ({ … }) and array ([ … ])',
      recoverable: false,
    };
  }
  if (ch === "'") {
    return { message: 'single quotes are not JSON — use double quotes around keys and strings', recoverable: false };
  }
  switch (code) {
    case 'PropertyNameExpected':
      return {
        message: `expected a property name in double quotes, found '${token}' — write keys as "${/^\w+$/.test(token) ? token : 'key'}"`,
        recoverable: false,
      };
    case 'ValueExpected':
    case 'InvalidSymbol': {
      const replacement = NOT_JSON_WORDS[token];
      if (replacement) return { message: `'${token}' is not a JSON value — write ${replacement}`, recoverable: false };
      if (/^[A-Za-z_]/.test(token))
        return { message: `unexpected '${token}' — strings must be in double quotes ("${token}")`, recoverable: false };
      return {
        message: `expected a value (a string, number, true, false, null, object or array), found '${token}' — fix or remove it`,
        recoverable: false,
      };
    }
    case 'ColonExpected':
      return {
        message: `expected ':' after the property name, found '${token}' — write "key": value`,
        recoverable: false,
      };
    case 'CommaExpected': {
      if (/\d/.test(ch) && /(^|[^\d.eE+-])-?0$/.test(text.slice(Math.max(0, prev - 20), prev + 1))) {
        return {
          message: 'invalid number: JSON numbers cannot start with 0 — remove the leading zero',
          recoverable: false,
        };
      }
      const prevLine = prev >= 0 ? source.position(prev).line : 1;
      return {
        message: `missing comma before '${token}' — add ',' after the previous item (line ${prevLine})`,
        recoverable: false,
      };
    }
    case 'CloseBraceExpected':
      return {
        message: `expected ',' or '}' here, found '${token}' — add the missing comma, or close the object with '}'`,
        recoverable: false,
      };
    case 'CloseBracketExpected':
      return {
        message: `expected ',' or ']' here, found '${token}' — add the missing comma, or close the array with ']'`,
        recoverable: false,
      };
    case 'EndOfFileExpected':
      return {
        message: `unexpected '${token}' after the end of the JSON object — remove it (the file must hold exactly one object)`,
        recoverable: false,
      };
    case 'UnexpectedEndOfString':
      return {
        message:
          'a string is not closed on its line — add the closing double quote (write a line break inside a string as \\n)',
        recoverable: false,
      };
    case 'InvalidCharacter':
      return {
        message: 'a control character (such as a raw newline or tab) is inside a string — write it as \\n or \\t',
        recoverable: false,
      };
    case 'InvalidEscapeCharacter':
      return { message: 'invalid escape in a string — a literal backslash must be written \\\\', recoverable: false };
    case 'InvalidUnicode':
      return { message: 'invalid \\u escape — it needs exactly four hex digits, e.g. \\u00e9', recoverable: false };
    case 'InvalidNumberFormat':
    case 'UnexpectedEndOfNumber':
      return {
        message: `invalid number '${token}' — JSON numbers have no leading zeros, '+' sign or trailing '.'`,
        recoverable: false,
      };
    default:
      return { message: `invalid JSON (${code}) — fix the syntax here`, recoverable: false };
  }
}
