// loadFixtures() for programs (docs/api.md): a tool's reference fixtures as check 12 reads them, with
// every problem located, and the --fixture/--tag selection applied.
import path from 'node:path';
import { comparatorFor } from '../comparators/index.js';
import { resolveTool } from '../project/discover.js';
import { loadProject } from '../project/project.js';
import { type Fixture, loadFixtures as loadReferenceFixtures } from '../reference/load.js';
import { selectFixtures } from '../reference/select.js';
import type { Finding } from '../model/finding.js';
import { loadManifest } from '../tool/manifest.js';
import type { ProjectLookup } from './validate.js';

export interface LoadFixturesOptions extends ProjectLookup {
  fixture?: string[];
  tag?: string[];
}

export interface ToolFixtures {
  toolId: string;
  toolDir: string;
  /** the fixtures that loaded and match the selection, sorted by file name */
  fixtures: Fixture[];
  /** problems in tool.json or the reference files, each with its file, line and fix */
  problems: Finding[];
}

export function loadFixtures(toolPathOrId: string, options: LoadFixturesOptions = {}): ToolFixtures {
  const project = loadProject(options);
  const toolDir = resolveTool(toolPathOrId, project.toolsDir, options.cwd);
  const toolId = path.basename(toolDir);
  const manifest = loadManifest(toolDir);
  if (!manifest.ok) return { toolId, toolDir, fixtures: [], problems: manifest.problems };
  const loaded = loadReferenceFixtures(path.join(toolDir, 'reference'), { manifest: manifest.manifest, comparatorFor });
  return {
    toolId,
    toolDir,
    fixtures: selectFixtures(loaded.fixtures, options).selected,
    problems: loaded.problems,
  };
}
