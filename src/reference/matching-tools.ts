// --fixture and --tag over many tools (docs/fixtures.md): a filter filters, so a tool with no matching
// fixture is left out rather than failed, and a filter that matches nothing in any tool is a mistake
// worth stopping for, with the tags and fixtures that do exist.
import path from 'node:path';
import { comparatorFor } from '../comparators/index.js';
import { PixieError } from '../errors.js';
import { loadManifest } from '../tool/manifest.js';
import { listFixtureFiles, loadFixtures } from './load.js';
import { selectFixtures, type FixtureSelection } from './select.js';

interface ToolMatch {
  toolDir: string;
  /** 'unknown' when the fixtures could not all be read: the tool runs and reports why */
  matches: boolean | 'unknown';
  files: string[];
  tags: string[];
}

function hasSelection(sel: FixtureSelection): boolean {
  return Boolean(sel.fixture?.some((t) => t.trim()) || sel.tag?.some((t) => t));
}

/**
 * The tools a --fixture/--tag selection keeps (all of them without one) and those it leaves out.
 * Throws a PixieError (NO_MATCH, exit 1) when the selection matches no fixture in any tool.
 */
export function toolsMatching(dirs: string[], sel: FixtureSelection): { dirs: string[]; skipped: string[] } {
  if (!hasSelection(sel)) return { dirs, skipped: [] };
  const matches = dirs.map((d) => matchTool(d, sel));
  const kept = matches.filter((m) => m.matches !== false).map((m) => m.toolDir);
  if (kept.length === 0 && dirs.length > 0) {
    const { message, hint } = noMatchAnywhere(matches, sel);
    throw new PixieError('NO_MATCH', message, hint);
  }
  return { dirs: kept, skipped: dirs.filter((d) => !kept.includes(d)) };
}

/** Whether the selection picks any fixture of the tool, and what the tool has to pick from. */
function matchTool(toolDir: string, sel: FixtureSelection): ToolMatch {
  const referenceDir = path.join(toolDir, 'reference');
  const files = listFixtureFiles(referenceDir);
  const named = files.map((file) => ({ file, tags: [] as string[] }));
  if (!sel.tag?.length) {
    return { toolDir, matches: selectFixtures(named, sel).selected.length > 0, files, tags: [] };
  }
  // tags live inside the fixtures: read them with the same loader check 12 uses
  const manifest = loadManifest(toolDir);
  if (!manifest.ok) return { toolDir, matches: files.length ? 'unknown' : false, files, tags: [] };
  const loaded = loadFixtures(referenceDir, { manifest: manifest.manifest, comparatorFor });
  const tags = [...new Set(loaded.fixtures.flatMap((f) => f.tags))].sort();
  if (selectFixtures(loaded.fixtures, sel).selected.length > 0) return { toolDir, matches: true, files, tags };
  return { toolDir, matches: loaded.problems.length ? 'unknown' : false, files, tags };
}

/** The sentence and hint for a selection that matched no fixture in any of `tools`. */
function noMatchAnywhere(tools: readonly ToolMatch[], sel: FixtureSelection): { message: string; hint: string } {
  const asked = [...(sel.fixture ?? []).map((f) => `--fixture ${f}`), ...(sel.tag ?? []).map((t) => `--tag ${t}`)].join(
    ' ',
  );
  const tags = [...new Set(tools.flatMap((t) => t.tags))].sort();
  const names = [
    ...new Set(tools.flatMap((t) => t.files.map((f) => f.replace(/^fixture_/, '').replace(/\.json$/, '')))),
  ]
    .sort()
    .slice(0, 40);
  const hint = [
    sel.tag?.length ? `tags: ${tags.length ? tags.join(', ') : '(no fixture has a tag)'}` : null,
    sel.fixture?.length || !sel.tag?.length ? `fixtures: ${names.length ? names.join(', ') : '(none)'}` : null,
  ]
    .filter(Boolean)
    .join('; ');
  return { message: `${asked} matched no fixture in any of ${tools.length} tool(s)`, hint };
}
