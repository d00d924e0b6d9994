// Faults of pixie itself or of its user's files/arguments (not of a tool under test, which is a
// check `fail`). Each has a stable code so scripts and the HTTP service can tell them apart.

export type PixieErrorCode =
  | 'USAGE' // bad flags or arguments
  | 'TOOL_NOT_FOUND' // the id or path names no tool folder
  | 'USER_FILE' // a file the user wrote cannot be read or parsed
  | 'NO_MATCH' // --fixture/--tag matched no fixture in any tool: a failed run, not a usage error
  | 'INTERNAL'; // a bug in pixie

export class PixieError extends Error {
  readonly code: PixieErrorCode;
  readonly hint?: string;

  constructor(code: PixieErrorCode, message: string, hint?: string) {
    super(message);
    this.name = 'PixieError';
    this.code = code;
    this.hint = hint;
  }

  /** Exit status (docs/cli.md): usage errors and pixie's own faults are 2; a filter that matched nothing fails (1). */
  get exitCode(): number {
    return this.code === 'NO_MATCH' ? 1 : 2;
  }
}
