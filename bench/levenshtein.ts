// The text comparator's edit distance (src/comparators/levenshtein.ts) side by side with fastest-levenshtein,
// the usual npm choice: the unbounded distance behind a failed exact comparison's score (≤ 10 kB),
// and the bounded one that decides `compare: levenshtein` on large texts.
import { distance } from 'fastest-levenshtein';
import { boundedLevenshtein, levenshtein } from '../src/comparators/levenshtein.js';
import { median } from './measure.js';

let seed = 11;
const rnd = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const word = (n: number): string =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(rnd() * 26))).join('');
function edited(s: string, edits: number): string {
  const c = s.split('');
  for (let i = 0; i < edits; i++) c[Math.floor(rnd() * c.length)] = '#';
  return c.join('');
}

function time(fn: () => number, reps: number): number {
  const ts: number[] = [];
  let sink = 0;
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    sink += fn();
    ts.push(performance.now() - t0);
  }
  if (sink < 0) console.log(sink);
  return median(ts);
}

function line(label: string, ours: number, peer: number): string {
  const ratio = peer / ours;
  return `  ${label.padEnd(40)} pixie ${ours.toFixed(2).padStart(8)} ms   fastest-levenshtein ${peer.toFixed(2).padStart(8)} ms   ${ratio.toFixed(1)}× ${ratio >= 1 ? 'faster than' : 'SLOWER than'} the peer`;
}

export async function benchLevenshtein(): Promise<void> {
  console.log('  medians of 5 (3 for 100 kB); same distances on every pair');
  const small = word(10_000);
  const large = word(100_000);
  const pairs: [string, string, string][] = [
    ['10 kB, 100 edits (exact-mode score)', small, edited(small, 100)],
    ['10 kB vs unrelated 10 kB', small, word(10_000)],
    ['100 kB, 5000 edits (unbounded)', large, edited(large, 5000)],
  ];
  for (const [label, a, b] of pairs) {
    if (levenshtein(a, b) !== distance(a, b)) throw new Error(`distances differ for ${label}`);
    const reps = a.length > 50_000 ? 3 : 5;
    console.log(
      line(
        label,
        time(() => levenshtein(a, b), reps),
        time(() => distance(a, b), reps),
      ),
    );
  }
  for (const [label, a, b, min] of [
    ['100 kB, 500 edits, min_similarity 0.99', large, edited(large, 500), 0.99],
    ['100 kB, 5000 edits, min_similarity 0.9', large, edited(large, 5000), 0.9],
  ] as const) {
    const k = Math.floor((1 - min) * Math.max(a.length, b.length) + 1e-9);
    console.log(
      line(
        label,
        time(() => boundedLevenshtein(a, b, k).distance, 3),
        time(() => distance(a, b), 3),
      ),
    );
  }
}
