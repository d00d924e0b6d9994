import pc from 'picocolors';
import type { FixtureStatus } from '../model/report.js';

export type Colors = ReturnType<typeof pc.createColors>;

/** Colour only on a terminal, never when NO_COLOR is set (https://no-color.org); FORCE_COLOR wins. */
export function colorsFor(stream: NodeJS.WriteStream): Colors {
  const env = process.env;
  const enabled =
    env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0'
      ? true
      : !('NO_COLOR' in env) && Boolean(stream.isTTY) && env.TERM !== 'dumb';
  return pc.createColors(enabled);
}

export function paintStatus(c: Colors, status: FixtureStatus, text: string = status): string {
  switch (status) {
    case 'pass':
      return c.green(text);
    case 'warn':
    case 'flaky':
      return c.yellow(text);
    case 'fail':
      return c.red(text);
    default:
      return c.dim(text);
  }
}
