// The bounds pixie keeps on what tools send and what tool folders hold, so a hostile or broken tool
// can only fail its own checks, never exhaust pixie (README, "Limits and safety"). Each is read
// from its environment variable when used, so one setting covers validate, lint and serve alike.
import { PixieError } from './errors.js';

interface LimitSpec {
  env: string;
  default: number;
  /** what one unit of the variable is, in the unit code uses */
  scale: number;
  what: string;
}

const MIB = 1024 * 1024;

const LIMITS = {
  /** bytes of one file pixie reads from a tool folder */
  fileBytes: { env: 'PIXIE_MAX_FILE_MB', default: 50, scale: MIB, what: 'a file read from a tool folder' },
  /** bytes of a tool's HTTP responses held at once (fixtures running together share it) */
  outputBytes: { env: 'PIXIE_MAX_OUTPUT_MB', default: 256, scale: MIB, what: "a tool's responses held at once" },
  /** levels of nested arrays and objects in a value pixie compares */
  depth: { env: 'PIXIE_MAX_DEPTH', default: 256, scale: 1, what: 'nesting of a value' },
  /** seconds one project comparator may take for one comparison */
  comparatorSeconds: {
    env: 'PIXIE_COMPARATOR_SECONDS',
    default: 10,
    scale: 1,
    what: 'one comparison by a project comparator',
  },
  /** megabytes of JavaScript heap a project comparator's process may use */
  comparatorHeapMb: {
    env: 'PIXIE_COMPARATOR_HEAP_MB',
    default: 256,
    scale: 1,
    what: "a project comparator's heap",
  },
  /** JSON characters of one expected or actual value copied into a report */
  reportValueChars: {
    env: 'PIXIE_MAX_REPORT_VALUE_MB',
    default: 1,
    scale: MIB,
    what: 'one value copied into a report',
  },
  /** JSON characters of all values copied into one tool's report */
  reportTotalChars: {
    env: 'PIXIE_MAX_REPORT_MB',
    default: 64,
    scale: MIB,
    what: "the values copied into one tool's report",
  },
  /** seconds one output's comparison may take (it runs in a process of its own, docs/comparators.md#limits) */
  compareSeconds: {
    env: 'PIXIE_MAX_COMPARE_SECONDS',
    default: 30,
    scale: 1,
    what: "the time one output's comparison may take",
  },
  /** resident memory of the process comparing one output */
  compareBytes: {
    env: 'PIXIE_MAX_COMPARE_MB',
    default: 768,
    scale: MIB,
    what: "the memory one output's comparison may take",
  },
  /** bytes of one buffer a comparison decodes (a decompressed PDF stream, a decoded image) */
  decodedBytes: {
    env: 'PIXIE_MAX_DECODED_MB',
    default: 128,
    scale: MIB,
    what: 'one stream or image a comparison decodes',
  },
} as const satisfies Record<string, LimitSpec>;

export type LimitName = keyof typeof LIMITS;

/** The limit in force: its environment variable when set to a positive number, else the default. */
export function limit(name: LimitName): number {
  const spec: LimitSpec = LIMITS[name];
  const raw = process.env[spec.env];
  if (raw === undefined || raw.trim() === '') return Math.floor(spec.default * spec.scale);
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new PixieError(
      'USAGE',
      `${spec.env} must be a positive number (the limit on ${spec.what}), got ${JSON.stringify(raw.slice(0, 40))}`,
      `unset it to use the default of ${spec.default}`,
    );
  return Math.floor(value * spec.scale);
}

/** How a limit is named in a message: its value and the variable that raises it. */
export function limitHint(name: LimitName): string {
  const spec: LimitSpec = LIMITS[name];
  const value = limit(name);
  return `${spec.scale === MIB ? formatSize(value) : value} (${spec.env})`;
}

/** A byte or character count for people: 512 B, 3.4 KiB, 1 MiB, 255.5 MiB. */
export function formatSize(n: number): string {
  const one = (x: number) => String(Number(x.toFixed(1)));
  if (n < 1024) return `${n} B`;
  if (n < MIB) return `${one(n / 1024)} KiB`;
  return `${one(n / MIB)} MiB`;
}
