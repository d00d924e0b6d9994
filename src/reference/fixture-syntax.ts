// A fixture's JSON syntax errors in words, each with its line and column and the fix. They follow the
// file name in check 12's list, so one sentence per line is enough.
import type { JsonSource, JsonSyntaxError } from '../source/json-source.js';

type SyntaxSource = Extract<JsonSource, { kind: 'syntax' }>;

/** One sentence per mistake; a second complaint on a line already reported is an echo. */
export function fixtureSyntaxProblems(source: SyntaxSource): { line: number; message: string }[] {
  const out: { line: number; message: string }[] = [];
  const lines = new Set<number>();
  for (const error of source.errors) {
    const problem = describe(source, error);
    if (lines.has(problem.line)) continue;
    lines.add(problem.line);
    out.push(problem);
  }
  return out;
}

function describe(source: SyntaxSource, e: JsonSyntaxError): { line: number; message: string } {
  const { text } = source;
  const at = source.position(e.offset);
  const where = `line ${at.line}, column ${at.column}`;
  const next = /^\s*(\S)/.exec(text.slice(e.offset))?.[1];
  const before = previousNonSpace(text, e.offset);
  const { code } = e;
  let message: string;
  if (
    (code === 'PropertyNameExpected' || code === 'ValueExpected') &&
    text[before] === ',' &&
    (next === '}' || next === ']')
  ) {
    const comma = source.position(before);
    return {
      line: comma.line,
      message: `trailing comma before '${next}' at line ${comma.line}, column ${comma.column}; JSON does not allow it, so remove that ','`,
    };
  }
  switch (code) {
    case 'InvalidCommentToken':
      message = `JSON does not allow comments (${where}); remove the comment, or put the note in "description"`;
      break;
    case 'ValueExpected':
      message =
        e.offset >= text.trimEnd().length
          ? 'the file ends where a value was expected; complete the JSON (is a closing } or ] missing?)'
          : `a value was expected at ${where}; check for a missing value or a stray character`;
      break;
    case 'PropertyNameExpected':
      message = `a key in double quotes was expected at ${where}; JSON keys must be "quoted"`;
      break;
    case 'ColonExpected':
      message = `a ':' was expected after the key at ${where}`;
      break;
    case 'CommaExpected':
      message = `a ',' was expected between items at ${where}`;
      break;
    case 'CloseBraceExpected':
      message = `a closing '}' was expected at ${where}`;
      break;
    case 'CloseBracketExpected':
      message = `a closing ']' was expected at ${where}`;
      break;
    case 'EndOfFileExpected':
      message = `unexpected text after the end of the JSON object at ${where}; remove it (an extra '}'?)`;
      break;
    case 'InvalidSymbol': {
      const rest = text.slice(e.offset);
      const bareKey = /^([A-Za-z_$][\w$-]*)\s*:/.exec(rest);
      if (bareKey) {
        message = `the key ${bareKey[1]} at ${where} must be in double quotes; write "${bareKey[1]}"`;
        break;
      }
      if (text[e.offset] === "'") {
        message = `JSON strings use double quotes, not single quotes (${where}); write "…"`;
        break;
      }
      // NaN, Infinity and -Infinity are read as Python's json writes them (docs/fixtures.md, "Numbers")
      const lower = /^(nan|inf|infinity)\b/.exec(rest)?.[1];
      if (lower) {
        message = `${lower} is not JSON (${where}); write ${lower === 'nan' ? 'NaN' : 'Infinity'} as Python's json does`;
        break;
      }
      if (/^(True|False|None|undefined)\b/.test(rest)) {
        message = `${/^\w+/.exec(rest)![0]} is not JSON (${where}); write true, false, null or a number`;
        break;
      }
      message = `unexpected character at ${where}; strings need "double quotes", and true/false/null are lower case`;
      break;
    }
    case 'InvalidNumberFormat':
      message = `invalid number at ${where}; write plain decimals such as 0.5 (no leading +, no trailing dot), or NaN, Infinity, -Infinity as Python writes them`;
      break;
    case 'UnexpectedEndOfString':
      message = `a string is not closed at ${where}; add the closing "`;
      break;
    case 'InvalidCharacter':
      message = `a string contains a raw control character (tab or newline) at ${where}; write it as \\t or \\n`;
      break;
    case 'InvalidEscapeCharacter':
      message = `invalid escape in a string at ${where}; write a backslash as \\\\`;
      break;
    default:
      message = `JSON syntax error (${code}) at ${where}; fix the syntax there`;
  }
  return { line: at.line, message };
}

function previousNonSpace(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i;
}
