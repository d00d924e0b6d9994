export interface ProgressEvent {
  kind: 'check-start' | 'check-end' | 'fixture-end' | 'fixtures-total' | 'explore-start' | 'explore-end';
  tool_id: string;
  number?: number;
  name?: string;
  status?: string;
  message?: string;
  file?: string;
  total?: number;
}

export interface ValidateOptions {
  /** absolute path of the tool folder */
  toolDir: string;
  referenceOnly?: boolean;
  /** check 12 also fails on warnings, stray reference files and tools without fixtures */
  strict?: boolean;
  /** --fixture tokens (path, file name, bare name or glob) */
  fixture?: string[];
  /** --tag values */
  tag?: string[];
  /** fixtures run at once (default 4) */
  jobs?: number;
  /** override the 30 s /healthz deadline (tests) */
  healthTimeoutMs?: number;
  /** run every selected fixture this many times (instead of its own `repeat`) */
  repeat?: number;
  /** check 8 sends the sample input a second time to see whether the outputs change (default true) */
  determinism?: boolean;
  /** generate inputs from tool.json and report those that break the tool (docs/checks.md) */
  explore?: ExploreOptions;
  onProgress?: (event: ProgressEvent) => void;
}

export interface ExploreOptions {
  /** fast-check's seed: the same seed repeats the same inputs (a random one when absent) */
  seed?: number;
  /** generated inputs at most (default 200) */
  runs?: number;
  /** seconds at most (default 60) */
  seconds?: number;
  /** write each failure as reference/fixture_explore_<n>.json */
  save?: boolean;
}
