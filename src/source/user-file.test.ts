import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt.js';
import { checkUserFile, listUserDir, readNamedFile, readUserFile } from './user-file.js';

function tool(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pixie-user-file-'));
  const dir = path.join(root, 'tool');
  mkdirSync(path.join(dir, 'reference'), { recursive: true });
  writeFileSync(path.join(dir, 'tool.json'), '{"id": "t"}');
  writeFileSync(path.join(root, 'outside.json'), '{"secret": 1}');
  return dir;
}

const problem = (r: { ok: boolean }) => (r.ok ? null : (r as unknown as { code: string; reason: string }));

describe('readUserFile', () => {
  it('reads a regular file inside the tool, also through a link that stays inside', () => {
    const dir = tool();
    symlinkSync('../tool.json', path.join(dir, 'reference', 'link.json'));
    expect(readUserFile(dir, 'tool.json')).toEqual({ ok: true, text: '{"id": "t"}' });
    expect(readUserFile(dir, 'reference/link.json')).toEqual({ ok: true, text: '{"id": "t"}' });
  });

  it('refuses what is not a regular file inside the tool, naming what it is', () => {
    const dir = tool();
    symlinkSync('/proc/self/environ', path.join(dir, 'environ'));
    symlinkSync('../outside.json', path.join(dir, 'out.json'));
    symlinkSync('/dev/zero', path.join(dir, 'zero'));
    symlinkSync('nowhere', path.join(dir, 'dangling'));
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);
    expect(problem(readUserFile(dir, 'environ'))).toMatchObject({
      code: 'OUTSIDE',
      reason: expect.stringMatching(/^it is a symbolic link to \/proc\/\d+\/environ, outside the tool folder$/),
    });
    expect(problem(readUserFile(dir, 'out.json'))).toMatchObject({ kind: 'outside', code: 'OUTSIDE' });
    expect(problem(readUserFile(dir, 'zero'))).toMatchObject({ kind: 'outside' });
    expect(problem(readUserFile(dir, 'dangling'))).toMatchObject({ kind: 'missing', code: 'BROKEN_LINK' });
    expect(problem(readUserFile(dir, 'pipe'))).toMatchObject({
      code: 'FIFO',
      reason: 'it is a named pipe (FIFO), not a regular file',
    });
    expect(problem(readUserFile(dir, 'reference'))).toMatchObject({ code: 'EISDIR' });
    expect(problem(readUserFile(dir, '../outside.json'))).toMatchObject({
      code: 'OUTSIDE',
      reason: 'it is outside the tool folder',
    });
    expect(problem(readUserFile(dir, '/etc/passwd'))).toMatchObject({ code: 'OUTSIDE' });
    expect(problem(readUserFile(dir, 'absent.json'))).toMatchObject({ kind: 'missing', code: 'ENOENT' });
  });

  it('refuses a file above the limit without reading it', () => {
    const dir = tool();
    writeFileSync(path.join(dir, 'big.json'), 'x'.repeat(2048));
    expect(problem(readUserFile(dir, 'big.json', 1024))).toMatchObject({
      code: 'TOO_LARGE',
      reason: 'it is 2 KiB, above the 1 KiB (PIXIE_MAX_FILE_MB) pixie reads from a tool folder',
    });
    expect(checkUserFile(dir, 'big.json', 4096)).toMatchObject({ ok: true, size: 2048 });
  });

  it('lists a folder only when it is inside the tool', () => {
    const dir = tool();
    const other = path.join(path.dirname(dir), 'other');
    mkdirSync(other);
    symlinkSync(other, path.join(dir, 'linked'));
    expect(listUserDir(dir, 'reference')).toEqual({ ok: true, names: [] });
    expect(problem(listUserDir(dir, 'linked'))).toMatchObject({ code: 'OUTSIDE' });
    expect(problem(listUserDir(dir, 'missing'))).toMatchObject({ code: 'ENOENT' });
  });
});

describe('readNamedFile', () => {
  it('follows links to a regular file, and refuses a missing file, a FIFO, a device, a kernel file or one above the limit', () => {
    const dir = tool();
    const linked = path.join(dir, 'linked.json');
    symlinkSync(path.join(dir, '..', 'outside.json'), linked);
    const read = readNamedFile(linked, 1024);
    expect(read.ok && read.bytes.toString()).toBe('{"secret": 1}');
    const fifo = path.join(dir, 'pipe.json');
    execFileSync('mkfifo', [fifo]);
    const reasons = [path.join(dir, 'absent.json'), fifo, '/dev/zero', '/proc/self/environ'].map(
      (f) => problem(readNamedFile(f))?.code,
    );
    expect(reasons).toEqual(['ENOENT', 'FIFO', 'DEVICE', 'KERNEL_FILE']);
    expect(problem(readNamedFile(linked, 4))).toMatchObject({
      code: 'TOO_LARGE',
      reason: 'it is 13 B, above the 4 B (PIXIE_MAX_FILE_MB) pixie reads from a file named to it',
    });
  });
});

describe('excerpt', () => {
  it('escapes control characters and cuts long text', () => {
    expect(excerpt('a\u001b[31mb\r\n')).toBe('a\\u001b[31mb\\r\\n');
    expect(excerpt('x'.repeat(100), 10)).toBe(`${'x'.repeat(10)}…`);
    expect(excerpt(`${'x'.repeat(9)}😀`, 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
