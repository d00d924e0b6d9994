// Node's timers hold a signed 32-bit count of milliseconds: a longer delay (about 24.8 days and up)
// fires after 1 ms instead, so every delay pixie takes from a user's file or flag goes through here.

/** The longest delay a Node timer keeps: 2^31 - 1 ms, about 24.8 days. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ms` as a delay Node honours: at most MAX_TIMER_MS, at least 1; NaN means the maximum. */
export function clampTimerMs(ms: number): number {
  if (Number.isNaN(ms)) return MAX_TIMER_MS;
  return Math.min(MAX_TIMER_MS, Math.max(1, Math.ceil(ms)));
}

/** `promise`, or `fallback` after `ms`; the timer is cleared either way so it never holds the process open. */
export function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<F>((resolve) => {
      timer = setTimeout(() => resolve(fallback), clampTimerMs(ms));
    }),
  ]).finally(() => clearTimeout(timer));
}
