// Types of peak-rss.mjs, a plain module because node preloads it (--import) without a TypeScript loader.
export function peakKib(): number;
