// The seed of an explore run: the one given, else a fresh random one (printed, so it can be given next time).
import { randomInt } from 'node:crypto';
import type { ExploreOptions } from '../model/options.js';

export function exploreSeed(options: Pick<ExploreOptions, 'seed'>): number {
  return options.seed ?? randomInt(0, 2 ** 31 - 1);
}
