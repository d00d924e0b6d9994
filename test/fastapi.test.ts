// Real FastAPI tools in the original Pixie's layout (test/fastapi/tools/, written here): main.py puts
// src/ on sys.path and imports uvicorn; src/<pkg>/handlers.py imports fastapi, pydantic and dotenv;
// a heavy backend is imported under try/except ImportError and declared in [dependency-groups].
// They run on Debian's python3-fastapi and python3-uvicorn in a --system-site-packages virtualenv,
// through the real CLI, over real HTTP, and must validate with exit 0.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/model/report.js';
import { parseJson } from '../src/util/python-json.js';
import { debianVenv, missingDebianPython } from './helpers/debian-python.js';
import { REPO_ROOT, runPixie } from './helpers/pixie.js';

const TOOLS = path.join(REPO_ROOT, 'test', 'fastapi', 'tools');
const check = (r: Report, n: number) => r.checks[n - 1]!;

describe.skipIf(missingDebianPython())("FastAPI tools in the original Pixie's layout, on Debian's packages", () => {
  let dir: string;
  const validate = async (tool: string) => {
    const r = await runPixie(['validate', tool, '--tools-dir', dir, '--json'], { timeoutMs: 170_000 });
    return { code: r.code, report: parseJson(r.stdout) as Report, stderr: r.stderr };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pixie-fastapi-'));
    cpSync(TOOLS, dir, { recursive: true });
    await Promise.all(['fastapi-greeks', 'fastapi-namespace', 'fastapi-nan'].map((t) => debianVenv(path.join(dir, t))));
  }, 240_000);

  it('a src/<pkg> tool importing pydantic, with a guarded torch in [dependency-groups]: exit 0, check 4 warns naming handlers.py', async () => {
    const { code, report, stderr } = await validate('fastapi-greeks');
    expect(code, stderr).toBe(0);
    expect(report.checks.filter((c) => c.status === 'fail').map((c) => `${c.name}: ${c.message}`)).toEqual([]);
    expect(check(report, 4).status).toBe('warn');
    expect(check(report, 4).message).toBe(
      "src/fastapi_greeks/handlers.py line 10: imports 'pydantic', which pyproject.toml does not declare: it is installed only because 'fastapi' requires it; declare it in [project].dependencies",
    );
    // torch is guarded and declared in a group, dotenv is python-dotenv: neither is a finding
    expect(check(report, 4).findings?.map((f) => [f.code, f.severity, f.file, f.line])).toEqual([
      ['transitive-import', 'warning', 'src/fastapi_greeks/handlers.py', 10],
    ]);
    expect(check(report, 5).message).toMatch(
      /^Python 3\.\d+\.\d+ \(\.venv\/bin\/python\); 4 declared dependencies resolve$/,
    );
    expect(check(report, 12).status).toBe('pass');
    expect(report.fixtures.map((f) => [f.file, f.status])).toEqual([
      ['fixture_atm_call.json', 'pass'],
      ['fixture_put.json', 'pass'],
    ]);
  }, 180_000);

  it('the same with a namespace package (no __init__.py): its modules are the tool’s own and are scanned', async () => {
    const { code, report, stderr } = await validate('fastapi-namespace');
    expect(code, stderr).toBe(0);
    expect(check(report, 4).status).toBe('warn');
    expect(check(report, 4).findings?.map((f) => [f.code, f.file, f.line])).toEqual([
      ['transitive-import', 'src/fastapi_namespace/handlers.py', 10],
    ]);
    // regex is imported only in src/fastapi_namespace/text/stats.py, inside a function, and declared in a group
    expect(check(report, 4).details).toContain('imported packages: dotenv, fastapi, pydantic, regex, uvicorn');
    expect(check(report, 12).message).toBe('1 fixture(s) matched');
  }, 180_000);

  // NaN as Python's json.dumps writes it, in the answer, the fixture and pixie's own --json report
  it('a FastAPI tool answering NaN through json.dumps, with NaN in a fixture: exit 0', async () => {
    const { code, report, stderr } = await validate('fastapi-nan');
    expect(report.checks.filter((c) => c.status === 'fail').map((c) => `${c.name}: ${c.message}`)).toEqual([]);
    expect(code, stderr).toBe(0);
    expect(check(report, 4).status).toBe('pass');
    expect(report.fixtures.map((f) => [f.file, f.status])).toEqual([['fixture_no_trades.json', 'pass']]);
  }, 180_000);
});
