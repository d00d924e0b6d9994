// Check 4's categories on real tool folders: Python read by a real interpreter in a real virtualenv
// whose installed distributions (metadata with Requires-Dist, as pip writes it) are made here, and
// Node through the real lexer, esbuild, acorn and a node_modules made here.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDeclared, scanImports } from './dependencies.js';
import { nodePackageDir } from './node-packages.js';
import { runtimeFor } from './runtime.js';
import { unusedDependencies } from './unused-deps.js';

function folder(prefix: string, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

async function verdicts(dir: string, entrypoint: string) {
  const runtime = runtimeFor(dir, entrypoint)!;
  const declared = await readDeclared(dir, runtime);
  if (!declared.ok) throw new Error(declared.message);
  const out = await scanImports(dir, entrypoint, runtime, declared.deps);
  if (!out.ok) throw new Error(out.message);
  return out.verdicts.map((v) => [v.module, v.category, v.file, v.line, v.optional, v.distribution, v.via ?? null]);
}

/** deptry's "unused": plain run-time dependencies installed (as the interpreter or node_modules says) and imported nowhere */
async function unused(dir: string, entrypoint: string) {
  const runtime = runtimeFor(dir, entrypoint)!;
  const declared = await readDeclared(dir, runtime);
  if (!declared.ok) throw new Error(declared.message);
  const out = await scanImports(dir, entrypoint, runtime, declared.deps);
  if (!out.ok) throw new Error(out.message);
  const installed =
    runtime.kind === 'python'
      ? (name: string) => !!out.interpreter?.installed[name]
      : (name: string) => nodePackageDir(dir, name) !== null;
  return unusedDependencies(declared.deps, out.verdicts, installed);
}

describe('Python imports, judged with the metadata of the tool’s own virtualenv', () => {
  let site: string;
  let dir: string;
  /** a distribution installed as pip installs one: its modules and a .dist-info with METADATA */
  const install = (name: string, modules: string[], requires: string[] = [], record = false) => {
    const info = path.join(site, `${name.replace(/-/g, '_')}-1.0.dist-info`);
    mkdirSync(info, { recursive: true });
    writeFileSync(
      path.join(info, 'METADATA'),
      `Metadata-Version: 2.1\nName: ${name}\nVersion: 1.0\n${requires.map((r) => `Requires-Dist: ${r}\n`).join('')}`,
    );
    // wheels built by newer backends list their files in RECORD and write no top_level.txt
    if (record) writeFileSync(path.join(info, 'RECORD'), modules.map((m) => `${m}/__init__.py,,\n`).join(''));
    else writeFileSync(path.join(info, 'top_level.txt'), `${modules.join('\n')}\n`);
    for (const m of modules) {
      mkdirSync(path.join(site, m), { recursive: true });
      writeFileSync(path.join(site, m, '__init__.py'), '');
    }
  };

  beforeAll(() => {
    dir = folder('pixie-deps-py-', {
      'pyproject.toml': `[project]
name = "t"
version = "1"
dependencies = ["webframe>=1", "umap-learn>=0.5", "lazyextra[fast]", "record_dist", "Idle.Dist>=1"]

[project.optional-dependencies]
dev = ["pytest>=8"]

[dependency-groups]
models = ["heavymodel>=2.0", {include-group = "dev"}]
`,
      // the original Pixie's entrypoint: it puts src/ on sys.path and imports only the standard library and the server
      'main.py': `import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent / "src"))
from app.handlers import build  # noqa: E402
`,
      // a namespace package (PEP 420, no __init__.py), whose modules are the tool's own
      'src/app/handlers.py': `from webframe import App
from validators import Model
from .compute import run
from app import extra
try:
    import heavymodel
except ImportError:
    heavymodel = None
try:
    import soundcard
except (ImportError, OSError):
    soundcard = None
import umap


def lazy():
    import plotting
    import pytest


from typing import TYPE_CHECKING
if TYPE_CHECKING:
    import typestubs
`,
      'src/app/compute.py': `import numbers
import fastmath
try:
    import mnfonly
except ModuleNotFoundError:
    mnfonly = None
try:
    import anyfail
except Exception:
    anyfail = None
import recmod
`,
      'src/app/extra.py': 'import lazyextra\nimport speedups\n',
    });
    execFileSync('python3', ['-m', 'venv', '--without-pip', path.join(dir, '.venv')]);
    site = execFileSync(path.join(dir, '.venv', 'bin', 'python'), [
      '-c',
      'import sysconfig; print(sysconfig.get_paths()["purelib"])',
    ])
      .toString()
      .trim();
    install('webframe', ['webframe'], ['validators-dist>=1', 'unused-extra; extra == "all"']);
    install('validators-dist', ['validators']);
    install('fastmath', ['fastmath']);
    install('lazyextra', ['lazyextra'], ['speedups; extra == "fast"']);
    install('speedups', ['speedups']);
    install('umap-learn', ['umap']);
    install('record-dist', ['recmod'], [], true);
    install('idle-dist', ['idle']);
  }, 60_000);

  it('gives each import its category, with the importing file and line', async () => {
    expect(await verdicts(dir, 'main.py')).toEqual([
      // guarded by except Exception, declared nowhere
      ['anyfail', 'optional-undeclared', 'src/app/compute.py', 8, 'guarded', 'anyfail', null],
      // installed but neither declared nor required by anything declared
      ['fastmath', 'missing', 'src/app/compute.py', 2, false, 'fastmath', null],
      // guarded, and declared in a PEP 735 dependency group
      ['heavymodel', 'declared', 'src/app/handlers.py', 6, 'guarded', 'heavymodel', '[dependency-groups] models'],
      ['lazyextra', 'declared', 'src/app/extra.py', 1, false, 'lazyextra', null],
      // guarded by except ModuleNotFoundError, declared nowhere
      ['mnfonly', 'optional-undeclared', 'src/app/compute.py', 4, 'guarded', 'mnfonly', null],
      // inside a function and declared nowhere
      ['plotting', 'optional-undeclared', 'src/app/handlers.py', 17, 'function', 'plotting', null],
      // inside a function, declared as an extra
      ['pytest', 'declared', 'src/app/handlers.py', 18, 'function', 'pytest', '[project.optional-dependencies] dev'],
      // its distribution says so only in RECORD; declared as record_dist, the same name once normalised
      ['recmod', 'declared', 'src/app/compute.py', 11, false, 'record-dist', null],
      // guarded by a tuple naming ImportError, declared nowhere
      ['soundcard', 'optional-undeclared', 'src/app/handlers.py', 10, 'guarded', 'soundcard', null],
      // brought by the extra [fast] that the declaration asks for
      ['speedups', 'transitive', 'src/app/extra.py', 2, false, 'speedups', 'lazyextra'],
      // installed as umap-learn
      ['umap', 'declared', 'src/app/handlers.py', 13, false, 'umap-learn', null],
      // required by webframe's metadata: transitive, named after its distribution
      ['validators', 'transitive', 'src/app/handlers.py', 2, false, 'validators-dist', 'webframe'],
      ['webframe', 'declared', 'src/app/handlers.py', 1, false, 'webframe', null],
    ]);
  });

  it('calls unused an installed run-time dependency that nothing imports, by its normalised name', async () => {
    // webframe, umap-learn, lazyextra and record_dist are imported; Idle.Dist is installed as idle-dist and never imported
    expect(await unused(dir, 'main.py')).toEqual(['Idle.Dist']);
  });

  it('an unguarded import declared only in a group is misplaced; an unknown module waits for check 5 while a declared distribution is missing', async () => {
    const t = folder('pixie-deps-py2-', {
      'pyproject.toml': `[project]
name = "t"
version = "1"
dependencies = ["not-installed-anywhere", "umap-learn"]

[dependency-groups]
models = ["heavymodel"]
`,
      'main.py': 'import heavymodel\nimport mystery\nimport umap\nimport cv2\n',
    });
    expect(await verdicts(t, 'main.py')).toEqual([
      // a known import name is judged by its distribution even when nothing is installed
      ['cv2', 'missing', 'main.py', 4, false, 'opencv-python', null],
      ['heavymodel', 'misplaced', 'main.py', 1, false, 'heavymodel', '[dependency-groups] models'],
      ['mystery', 'not-installed', 'main.py', 2, false, 'mystery', 'not-installed-anywhere, umap-learn'],
      // not installed, but the table of import names knows its distribution, which is declared
      ['umap', 'declared', 'main.py', 3, false, 'umap-learn', null],
    ]);
  });
});

describe('Node imports', () => {
  it('declared, guarded, misplaced, transitive and missing packages, each where it is imported', async () => {
    const dir = folder('pixie-deps-node-', {
      'package.json': JSON.stringify({
        type: 'module',
        dependencies: { web: '1' },
        optionalDependencies: { sharpish: '1' },
        peerDependencies: { peer: '1' },
        devDependencies: { devtool: '1', devguarded: '1' },
      }),
      'main.ts': `import { serve } from 'web';
import type { Shape } from 'typesonly';
import { helper } from './lib.cjs';
import tiny from 'tiny';
let canvas;
try {
  canvas = await import('canvaslib');
} catch {}
const fmt = await import('formatter').catch(() => null);
import dev from 'devtool';
export { serve, helper, tiny, canvas, fmt, dev };
`,
      'lib.cjs': `const peer = require('peer');
const sharp = require('sharpish');
let g;
try { g = require('devguarded'); } catch { g = null; }
module.exports = { helper: [peer, sharp, g, require('nowhere')] };
`,
      'node_modules/web/package.json': JSON.stringify({ name: 'web', dependencies: { tiny: '1' } }),
      'node_modules/tiny/package.json': JSON.stringify({ name: 'tiny' }),
      'node_modules/sharpish/package.json': JSON.stringify({ name: 'sharpish' }),
      'node_modules/peer/package.json': JSON.stringify({ name: 'peer' }),
    });
    expect(await verdicts(dir, 'main.ts')).toEqual([
      ['canvaslib', 'optional-undeclared', 'main.ts', 7, 'guarded', 'canvaslib', null],
      ['devguarded', 'declared', 'lib.cjs', 4, 'guarded', 'devguarded', '"devDependencies"'],
      ['devtool', 'misplaced', 'main.ts', 10, false, 'devtool', '"devDependencies"'],
      ['formatter', 'optional-undeclared', 'main.ts', 9, 'guarded', 'formatter', null],
      ['nowhere', 'missing', 'lib.cjs', 5, false, 'nowhere', null],
      ['peer', 'declared', 'lib.cjs', 1, false, 'peer', null],
      ['sharpish', 'declared', 'lib.cjs', 2, false, 'sharpish', null],
      ['tiny', 'transitive', 'main.ts', 4, false, 'tiny', 'web'],
      ['web', 'declared', 'main.ts', 1, false, 'web', null],
    ]);
  });

  it('a package reached through a chain of declared dependencies is transitive; with a declared package not installed, an unknown one waits for check 5', async () => {
    const installed = folder('pixie-deps-node2-', {
      'package.json': JSON.stringify({
        dependencies: { '@org/web': '1', idle: '1' },
        peerDependencies: { peeronly: '1' },
        // npm went on without it: check 5 passes it, so nothing waits on it
        optionalDependencies: { absentopt: '1' },
      }),
      'main.js': "require('@org/web');\nrequire('deep/sub/path');\nrequire('stray');\nrequire('nowhere');\n",
      'node_modules/@org/web/package.json': JSON.stringify({ name: '@org/web', dependencies: { mid: '1' } }),
      // npm hoists a dependency's dependencies to the tool's node_modules
      'node_modules/mid/package.json': JSON.stringify({ name: 'mid', peerDependencies: { deep: '1' } }),
      'node_modules/deep/package.json': JSON.stringify({ name: 'deep' }),
      // installed, but nothing declared requires it
      'node_modules/stray/package.json': JSON.stringify({ name: 'stray' }),
      'node_modules/idle/package.json': JSON.stringify({ name: 'idle' }),
      'node_modules/peeronly/package.json': JSON.stringify({ name: 'peeronly' }),
    });
    expect(await verdicts(installed, 'main.js')).toEqual([
      ['@org/web', 'declared', 'main.js', 1, false, '@org/web', null],
      ['deep', 'transitive', 'main.js', 2, false, 'deep', '@org/web'],
      ['nowhere', 'missing', 'main.js', 4, false, 'nowhere', null],
      ['stray', 'missing', 'main.js', 3, false, 'stray', null],
    ]);
    // declared in "dependencies", installed and never imported; a peer is the host's
    expect(await unused(installed, 'main.js')).toEqual(['idle']);
    const bare = folder('pixie-deps-node3-', {
      'package.json': JSON.stringify({ dependencies: { web: '1', here: '1' } }),
      'main.js': "require('web');\nrequire('tiny');\nrequire('here');\nrequire('stray');\n",
      'node_modules/here/package.json': JSON.stringify({ name: 'here' }),
      'node_modules/stray/package.json': JSON.stringify({ name: 'stray' }),
    });
    expect(await verdicts(bare, 'main.js')).toEqual([
      ['here', 'declared', 'main.js', 3, false, 'here', null],
      // installed, so not one the missing 'web' could bring: missing
      ['stray', 'missing', 'main.js', 4, false, 'stray', null],
      // nowhere in node_modules while the declared 'web' is not installed: web may bring it
      ['tiny', 'not-installed', 'main.js', 2, false, 'tiny', 'web'],
      ['web', 'declared', 'main.js', 1, false, 'web', null],
    ]);
  });
});
