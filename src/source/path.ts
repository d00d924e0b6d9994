// Paths inside a user's file: as segments, as people read them (inputs.rows[2].key) and as JSON
// pointers (/inputs/2/key, what Ajv reports and what tool.json messages show).
export type PathSegment = string | number;

export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

export function escapePointer(segment: PathSegment): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function toPointer(segments: readonly PathSegment[]): string {
  return segments.map((s) => `/${escapePointer(s)}`).join('');
}

/** The segments of a JSON pointer, all strings ('' is the whole document). */
export function pointerSegments(pointer: string): string[] {
  return pointer
    ? pointer
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    : [];
}
