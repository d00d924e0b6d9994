// Last-resort guard against orphaned tools, run as its own small process. pixie writes
// "+<pgid> <marker>" when it starts a tool and "-<pgid>" when it has stopped it. If pixie dies in
// any way (even SIGKILL) this process sees end-of-input and kills whatever is still registered:
// the process group, then any process still carrying the tool's PIXIE_RUN_ID marker.
'use strict';
const fs = require('node:fs');

const live = new Map(); // pgid -> marker
let buffered = '';

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => {});

process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, nl).trim();
    buffered = buffered.slice(nl + 1);
    if (line.startsWith('+')) {
      const [pgid, marker] = line.slice(1).split(' ');
      live.set(Number(pgid), marker);
    } else if (line.startsWith('-')) {
      live.delete(Number(line.slice(1)));
    }
  }
});

function markedPids(marker) {
  const needle = Buffer.from(`PIXIE_RUN_ID=${marker}\0`);
  const pids = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/environ`).includes(needle)) pids.push(Number(name));
    } catch {}
  }
  return pids;
}

function kill(target, sig) {
  try {
    process.kill(target, sig);
  } catch {}
}

process.stdin.on('end', () => {
  if (live.size === 0) process.exit(0);
  for (const pgid of live.keys()) kill(-pgid, 'SIGTERM');
  setTimeout(() => {
    for (const [pgid, marker] of live) {
      kill(-pgid, 'SIGKILL');
      if (process.platform === 'linux') for (const pid of markedPids(marker)) kill(pid, 'SIGKILL');
    }
    process.exit(0);
  }, 1500);
});
