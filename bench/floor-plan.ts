// Writes the plan bench/floor.mjs follows for one or more tools: the command pixie would run, the
// environment it would give, whether it would use its subreaper, the sample /run body of check 8 and
// every fixture's /run body, all computed with pixie's own functions so the floor does what pixie does.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { comparatorFor } from '../src/comparators/index.js';
import { loadFixtures } from '../src/reference/load.js';
import { baseEnvironment, toolEnvironment } from '../src/tool/environment.js';
import { subreaperPython } from '../src/tool/launch.js';
import { loadManifest } from '../src/tool/manifest.js';
import { resolveEntrypoint, runtimeFor } from '../src/tool/runtime.js';
import { buildSampleInputs } from '../src/inputs/sample-inputs.js';
import { runBody } from '../src/inputs/run-body.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FLOOR = path.join(ROOT, 'bench', 'floor.mjs');

function hasPython3(): boolean {
  try {
    execFileSync('python3', ['-c', ''], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function planFor(toolDir: string, subreaper: boolean): Record<string, unknown> {
  const load = loadManifest(toolDir);
  if (!load.ok) throw new Error(`${toolDir}: tool.json does not load`);
  const manifest = load.manifest;
  const entrypoint = resolveEntrypoint(toolDir, manifest.entrypoint)!;
  const runtime = runtimeFor(toolDir, entrypoint)!;
  const passEnv = (manifest.secrets ?? []).map((s) => s.key);
  const own = {
    PIXIE_VALIDATE: 'true',
    PIXIE_RUN_ID: randomUUID(),
    PYTHONUNBUFFERED: '1',
    PYTHONDONTWRITEBYTECODE: '1',
  };
  const { fixtures } = loadFixtures(path.join(toolDir, 'reference'), { manifest, comparatorFor });
  return {
    cwd: toolDir,
    command: runtime.command,
    args: [...runtime.preArgs, entrypoint],
    env: toolEnvironment(toolDir, passEnv, own).env,
    baseEnv: baseEnvironment(),
    subreaper: subreaper ? { python: subreaperPython(), script: path.join(ROOT, 'src', 'tool', 'subreaper.py') } : null,
    concurrent: manifest.concurrent,
    sample: runBody(randomUUID(), buildSampleInputs(manifest)),
    sampleAgain: randomUUID(),
    stream: manifest.outputs.some((o) => o.streaming) ? runBody(randomUUID(), buildSampleInputs(manifest)) : null,
    fixtures: fixtures.filter((f) => !f.skip_reason).map((f) => runBody(randomUUID(), f.inputs)),
  };
}

/** Writes a plan for `toolDirs` to `file` (pixie uses its subreaper on Linux with python3 on PATH). */
export function writeFloorPlan(file: string, toolDirs: string[]): void {
  const subreaper = process.platform === 'linux' && hasPython3();
  writeFileSync(file, JSON.stringify({ tools: toolDirs.map((d) => planFor(d, subreaper)) }));
}
