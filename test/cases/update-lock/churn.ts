// Run in a child process: takes and releases the update lock of the tool folder argv[2] argv[3] times,
// as fast as it can, then prints how many times it held it.
import { acquireUpdateLock } from '../../../src/reference/update-lock.js';

const [dir, times] = [process.argv[2]!, Number(process.argv[3])];
let held = 0;
for (let i = 0; i < times; i++) {
  const lock = acquireUpdateLock(dir, 'churn');
  if (!lock.ok) continue;
  held++;
  lock.release();
}
process.stdout.write(String(held));
