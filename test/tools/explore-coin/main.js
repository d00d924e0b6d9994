// A stochastic tool with reproducible draws: each seed has its own generator (mulberry32), advanced
// by every run with that seed, so N runs of one input draw the same N numbers whatever their order.
// With seed 7 the first 20 draws give 18 right answers at accuracy 0.9; with seed 9, 7 at 0.5.
import { serveTool } from '../_shared/tool-server.mjs';

function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const generators = new Map();

serveTool({
  dir: import.meta.dirname,
  run: (inputs) => {
    if (!generators.has(inputs.seed)) generators.set(inputs.seed, mulberry32(inputs.seed));
    return { answer: generators.get(inputs.seed)() < inputs.accuracy ? 42 : 41 };
  },
});
