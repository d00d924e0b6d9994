// README's CI recipe and pre-commit hook, run on the example tools as they are committed: both must be
// green on a fresh clone, or a user copying them starts from red.
import { describe, expect, it } from 'vitest';
import { skipWithoutExample } from './helpers/media-examples.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';

describe('README recipes on the shipped examples', () => {
  it('validate --all --reference-only --strict exits 0', async (ctx) => {
    skipWithoutExample(ctx, 'gradient-image', 'tone-generator', 'invoice-pdf');
    const r = await runPixie(['validate', '--all', '--reference-only', '--strict'], { cwd: REPO_ROOT });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/(\d+) tool\(s\): \1 pass, 0 warn, 0 fail/);
    expect(r.code).toBe(0);
  });

  it('pixie lint exits 0 with no problems', async () => {
    const r = await runPixie(['lint'], { cwd: REPO_ROOT });
    expect(r.stdout).toMatch(/^pixie lint: \d+ tool\(s\), no problems\n$/);
    expect(r.code).toBe(0);
  });
});
