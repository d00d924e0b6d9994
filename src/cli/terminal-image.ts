// A PNG drawn inside the terminal, where the terminal says it can: iTerm2's inline images and
// kitty's graphics protocol. Elsewhere nothing is drawn and the file's path is all a reviewer gets.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Larger files are not sent to the terminal (kitty and iTerm2 both slow down on big payloads). */
const MAX_PREVIEW_BYTES = 2 * 1024 * 1024;

type Protocol = 'iterm' | 'kitty' | null;

function imageProtocol(env: NodeJS.ProcessEnv = process.env): Protocol {
  if (env.TERM_PROGRAM === 'iTerm.app' || env.LC_TERMINAL === 'iTerm2') return 'iterm';
  if (env.TERM === 'xterm-kitty' || env.KITTY_WINDOW_ID) return 'kitty';
  return null;
}

/** A small regular file, never through a link (a pending folder may come from another machine). */
function readSmall(file: string): Buffer | null {
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile() || stats.size > MAX_PREVIEW_BYTES) return null;
      const size = stats.size;
      const buffer = Buffer.alloc(size);
      readSync(fd, buffer, 0, size, 0);
      return buffer;
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
}

/** The escape sequence that draws the PNG at `file`, or null where the terminal cannot (or it is not a small PNG). */
export function terminalImage(file: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const protocol = imageProtocol(env);
  if (!protocol || !process.stdout.isTTY) return null;
  const png = readSmall(file);
  if (!png) return null;
  if (png.subarray(0, 4).toString('latin1') !== '\x89PNG') return null;
  const data = png.toString('base64');
  if (protocol === 'iterm')
    return `\x1b]1337;File=inline=1;size=${png.length};preserveAspectRatio=1;width=40:${data}\x07`;
  // kitty takes the payload in chunks of at most 4096 characters
  const chunks = data.match(/.{1,4096}/g) ?? [];
  return chunks
    .map((chunk, i) => `\x1b_G${i === 0 ? 'a=T,f=100,' : ''}m=${i < chunks.length - 1 ? 1 : 0};${chunk}\x1b\\`)
    .join('');
}
