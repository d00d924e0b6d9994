// How deeply a YAML text nests, found in one linear pass before the yaml parser sees it. The parser
// recurses per level, and near the end of the stack V8 can die inside its regular-expression compiler
// (a fatal error, not an exception), so a file nested beyond the limit is refused unread.

/** Nesting of `[`/`{` outside strings and comments, and of indented blocks and `- ` items, with the
 * 1-based line where it is deepest. */
export function yamlDepth(text: string): { depth: number; line: number } {
  let deepest = 0;
  let deepestLine = 1;
  let line = 1;
  const reach = (d: number) => {
    if (d > deepest) {
      deepest = d;
      deepestLine = line;
    }
  };
  let flow = 0;
  const indents: number[] = []; // indentation of the open block levels
  let i = 0;
  const n = text.length;
  while (i < n) {
    // a line: its indentation and leading "- " items open block levels
    let col = 0;
    while (i < n && text[i] === ' ') {
      i++;
      col++;
    }
    if (i >= n) break;
    const c0 = text[i];
    if (c0 !== '\n' && c0 !== '\r' && c0 !== '#' && flow === 0) {
      while (indents.length && indents[indents.length - 1]! >= col) indents.pop();
      indents.push(col);
      while (text[i] === '-' && (text[i + 1] === ' ' || text[i + 1] === '\t')) {
        i += 2;
        col += 2;
        while (text[i] === ' ') {
          i++;
          col++;
        }
        indents.push(col);
      }
      reach(indents.length);
    }
    // the rest of the line: flow brackets outside quotes and comments
    let prev = ' ';
    while (i < n && text[i] !== '\n') {
      const c = text[i]!;
      if (c === '#' && (prev === ' ' || prev === '\t')) {
        while (i < n && text[i] !== '\n') i++;
        break;
      }
      if (c === '"') {
        i++;
        while (i < n && text[i] !== '"') {
          if (text[i] === '\n') line++;
          i += text[i] === '\\' ? 2 : 1;
        }
      } else if (c === "'" && /[\s[{,:]/.test(prev)) {
        i++;
        while (i < n && !(text[i] === "'" && text[i + 1] !== "'")) {
          if (text[i] === '\n') line++;
          i += text[i] === "'" ? 2 : 1;
        }
      } else if (c === '[' || c === '{') {
        flow++;
        reach(indents.length + flow);
      } else if ((c === ']' || c === '}') && flow > 0) flow--;
      prev = c;
      i++;
    }
    i++;
    line++;
  }
  return { depth: deepest, line: deepestLine };
}
