// Write a file so that readers (and a crash) see either the old or the new content, never half:
// write-file-atomic writes a temporary file beside it, fsyncs it and renames it into place.
import writeFileAtomicLib from 'write-file-atomic';

export function writeFileAtomic(file: string, content: string | Buffer): void {
  writeFileAtomicLib.sync(file, content);
}
