// Argument parsers shared by the commands' flags.
import { InvalidArgumentError } from 'commander';

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

/** A fast-check seed: a whole number 0 – 2^31 − 1. */
export function seedNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 2 ** 31 - 1)
    throw new InvalidArgumentError('expected a whole number 0–2147483647');
  return n;
}

export function positiveSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a number of seconds > 0');
  return n;
}

export function wholeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
}

export function portNumber(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new InvalidArgumentError('expected a port number 0–65535 (0 picks a free port)');
  return n;
}

/** A repeatable flag: every value in order. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export type SetExitCode = (code: number) => void;
