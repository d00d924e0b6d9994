// The tools `pixie serve` knows: discovered under the tools directory and kept in memory, so that a
// listing costs a readdir and a few stats per tool, never a manifest parse. A folder's tool.json is
// parsed again only when its mtime or size changes; new and removed folders appear on the next scan.
import { createHash } from 'node:crypto';
import { readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { DEFAULT_ENTRYPOINTS, resolveEntrypoint } from '../tool/runtime.js';
import { loadManifest } from '../tool/manifest.js';

export interface ToolEntry {
  /** the folder name: the id in every URL, and the folder the reports are kept under */
  id: string;
  dir: string;
  name: string;
  category: string | null;
  /** tool.json's own id, also accepted in URLs when it differs from the folder name */
  manifestId: string | null;
  manifestOk: boolean;
  /** hash of the paths, mtimes and sizes of the files a report depends on */
  fingerprint: string;
}

interface ManifestInfo { key: string; name: string; category: string | null; manifestId: string | null; ok: boolean; entrypoint: string | null }

export interface RegistryStats { scans: number; manifestParses: number }

const DEPENDENCY_MANIFESTS = ['package.json', 'pyproject.toml', 'requirements.txt'];

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

const statKey = (s: Stats | null): string => (s ? `${s.mtimeMs}:${s.size}` : '-');

export class ToolRegistry {
  readonly toolsDir: string;
  readonly stats: RegistryStats = { scans: 0, manifestParses: 0 };
  private readonly rescanMs: number;
  private manifests = new Map<string, ManifestInfo>();
  private entries: ToolEntry[] = [];
  private byId = new Map<string, ToolEntry>();
  private scannedAt = -Infinity;

  /** `rescanMs`: a listing younger than this is served as is (0: every call looks at the disk). */
  constructor(toolsDir: string, opts: { rescanMs?: number } = {}) {
    this.toolsDir = path.resolve(toolsDir);
    this.rescanMs = opts.rescanMs ?? 250;
  }

  list(): ToolEntry[] {
    if (performance.now() - this.scannedAt >= this.rescanMs) this.scan();
    return this.entries;
  }

  /** A discovered tool by folder name or tool.json id; anything else (paths, `..`) is undefined. */
  get(id: string): ToolEntry | undefined {
    this.list();
    let hit = this.byId.get(id);
    if (!hit && this.rescanMs > 0) {
      // a tool created a moment ago: look again before saying 404
      this.scan();
      hit = this.byId.get(id);
    }
    return hit;
  }

  /** Current fingerprint of one tool's files, read from disk now (for a run that is about to start). */
  fingerprintNow(entry: ToolEntry): string {
    return this.fingerprint(entry.dir, this.manifestOf(entry.dir, statOrNull(path.join(entry.dir, 'tool.json'))));
  }

  private scan(): void {
    this.stats.scans++;
    let names: string[];
    try {
      names = readdirSync(this.toolsDir, { withFileTypes: true })
        .filter((d) => (d.isDirectory() || d.isSymbolicLink()) && !d.name.startsWith('.') && d.name !== 'node_modules')
        .map((d) => d.name)
        .sort();
    } catch {
      names = [];
    }
    const entries: ToolEntry[] = [];
    const seen = new Set<string>();
    for (const name of names) {
      const dir = path.join(this.toolsDir, name);
      const toolJson = statOrNull(path.join(dir, 'tool.json'));
      if (!toolJson && !DEFAULT_ENTRYPOINTS.some((f) => statOrNull(path.join(dir, f)))) continue;
      seen.add(dir);
      const info = this.manifestOf(dir, toolJson);
      entries.push({ id: name, dir, name: info.name || name, category: info.category, manifestId: info.manifestId, manifestOk: info.ok, fingerprint: this.fingerprint(dir, info) });
    }
    for (const dir of this.manifests.keys()) if (!seen.has(dir)) this.manifests.delete(dir);
    const byId = new Map<string, ToolEntry>();
    for (const e of entries) byId.set(e.id, e);
    // tool.json ids as aliases, never shadowing a folder name
    for (const e of entries) if (e.manifestId && !byId.has(e.manifestId)) byId.set(e.manifestId, e);
    this.entries = entries;
    this.byId = byId;
    this.scannedAt = performance.now();
  }

  private manifestOf(dir: string, toolJson: Stats | null): ManifestInfo {
    const key = statKey(toolJson);
    const cached = this.manifests.get(dir);
    if (cached && cached.key === key) return cached;
    this.stats.manifestParses++;
    let info: ManifestInfo;
    if (!toolJson) {
      info = { key, name: path.basename(dir), category: null, manifestId: null, ok: false, entrypoint: resolveEntrypoint(dir) };
    } else {
      const load = loadManifest(dir);
      if (load.ok) {
        const m = load.manifest as unknown as { id?: unknown; name?: unknown; category?: unknown; entrypoint?: unknown };
        info = {
          key,
          name: typeof m.name === 'string' ? m.name : path.basename(dir),
          category: typeof m.category === 'string' ? m.category : null,
          manifestId: typeof m.id === 'string' ? m.id : null,
          ok: true,
          entrypoint: resolveEntrypoint(dir, m.entrypoint),
        };
      } else {
        info = { key, name: path.basename(dir), category: null, manifestId: null, ok: false, entrypoint: resolveEntrypoint(dir) };
      }
    }
    this.manifests.set(dir, info);
    return info;
  }

  private fingerprint(dir: string, info: ManifestInfo): string {
    const hash = createHash('sha256');
    const add = (rel: string) => hash.update(`${rel}\0${statKey(statOrNull(path.join(dir, rel)))}\n`);
    add('tool.json');
    if (info.entrypoint) add(info.entrypoint);
    for (const f of DEPENDENCY_MANIFESTS) add(f);
    let reference: string[] = [];
    try {
      reference = readdirSync(path.join(dir, 'reference')).sort();
    } catch {
      // no reference folder
    }
    for (const f of reference) add(`reference/${f}`);
    return hash.digest('hex').slice(0, 16);
  }
}
