// Monte Carlo π: the share of random points in the unit square that fall inside the quarter circle,
// times 4. The generator is seeded from PI_SEED, which this folder's .env sets (pixie passes a tool
// its .env), so a test draws the same points every time; without it the seed is the clock.
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

const random = mulberry32(Number(process.env.PI_SEED ?? Date.now()));

serveTool({
  dir: import.meta.dirname,
  run: ({ samples }) => {
    let inside = 0;
    for (let i = 0; i < samples; i++) {
      const [x, y] = [random(), random()];
      if (x * x + y * y <= 1) inside++;
    }
    return { pi: (4 * inside) / samples };
  },
});
