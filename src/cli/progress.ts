import cliProgress from 'cli-progress';

export interface Progress {
  tick(label: string): void;
  stop(): void;
}

/** A single progress bar on stderr, only on an interactive terminal (never in CI logs or --json). */
export function startProgress(total: number, unit: string): Progress | null {
  if (!process.stderr.isTTY || process.env.CI || total < 2) return null;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `{bar} {value}/{total} ${unit} · {label}`,
      hideCursor: true,
      clearOnComplete: true,
      noTTYOutput: false,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { label: '' });
  return { tick: (label) => bar.increment(1, { label }), stop: () => bar.stop() };
}
