// What a folder of a tool held when the tool was started, to prove later that the tool did not write
// into it (docs/checks.md, check 12: a tool that rewrites its own fixtures while it runs would be
// compared with what it wrote). Each entry is named with its inode, size and change times from
// lstat, never followed: a write, a rename over a file or a new file changes one of them, and
// ctime cannot be set back by a program. Hashing every file would read reference/ twice; the
// kernel's times cost one lstat each.
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Entries a seal records; a folder with more is sealed in part (the rest are not watched). */
const MAX_ENTRIES = 20_000;

export interface FolderSeal {
  dir: string;
  /** path relative to `dir` → what lstat said of it; the folder itself under '' */
  entries: Map<string, string>;
}

function stamp(file: string): string {
  try {
    const st = lstatSync(file, { bigint: true });
    const kind = st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : st.isFile() ? 'f' : 'o';
    // a folder's own times change with every file made or removed in it: its entries say that
    return kind === 'd' ? 'd' : `${kind}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch {
    return 'absent';
  }
}

/** What `dir` holds now, down its subfolders (links are not followed). */
export function sealFolder(dir: string): FolderSeal {
  const entries = new Map<string, string>([['', stamp(dir)]]);
  const queue = [''];
  while (queue.length && entries.size < MAX_ENTRIES) {
    const rel = queue.shift()!;
    let names: string[];
    try {
      names = readdirSync(path.join(dir, rel));
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      if (entries.size >= MAX_ENTRIES) break;
      const child = rel ? `${rel}/${name}` : name;
      const s = stamp(path.join(dir, child));
      entries.set(child, s);
      if (s === 'd') queue.push(child);
    }
  }
  return { dir, entries };
}

/**
 * Paths in the folder made, removed or changed since `seal` was taken, relative to it, in name
 * order; `ignore` names pixie's own files there (its update lock, its staged writes).
 */
export function changedSince(seal: FolderSeal, ignore: (name: string) => boolean = () => false): string[] {
  const now = sealFolder(seal.dir);
  const changed = new Set<string>();
  for (const [rel, was] of seal.entries) if (now.entries.get(rel) !== was && !ignore(rel)) changed.add(rel || '.');
  for (const rel of now.entries.keys()) if (!seal.entries.has(rel) && !ignore(rel)) changed.add(rel);
  // a partial seal cannot tell new entries past its end from old ones
  if (seal.entries.size >= MAX_ENTRIES)
    for (const rel of now.entries.keys()) if (!seal.entries.has(rel)) changed.delete(rel);
  return [...changed].sort();
}
