// The image modes, their defaults, and the settings one comparison runs with.
import type { OutputType } from '../../model/manifest.js';
import type { OptionKind } from '../types.js';
import type { Tolerance } from '../../model/tolerance.js';

export const IMAGE_TYPES = ['image', 'image_grid', 'image_compare'] as const satisfies readonly OutputType[];

/** Modes, with the earlier Python validator's spellings as aliases (they all meant SSIM or exact bytes). */
export const IMAGE_MODES = [
  'pixel',
  'histogram',
  'ssim',
  'sha256',
  'ssim_per_image',
  'ssim_pair',
  'size_sha256',
] as const;
export type CanonicalMode = 'histogram' | 'ssim' | 'pixel' | 'sha256';
export const MODE_ALIASES: Record<string, CanonicalMode> = {
  ssim_per_image: 'ssim',
  ssim_pair: 'ssim',
  size_sha256: 'sha256',
};

/** The options of a pixel comparison, shared with the PDF comparator's `visual` mode. */
export const PIXEL_OPTIONS = {
  threshold: 'number',
  antialiasing: 'boolean',
  max_diff_pixels: 'integer',
  max_diff_ratio: 'number',
  max_shift: 'integer',
  ignore_regions: 'regions',
} as const satisfies Record<string, OptionKind>;

export const IMAGE_OPTIONS = {
  ...PIXEL_OPTIONS,
  max_distance: 'number',
  min_ssim: 'number',
} as const satisfies Record<string, OptionKind>;

// Defaults chosen from the real-world golden set (test/cases/real, measured by bench/image-evidence.ts;
// table in bench/evidence/image-thresholds.md).
export const IMAGE_DEFAULTS = {
  // a tool's image is mostly layout: every pixel pixelmatch counts fails, as in pixelmatch,
  // jest-image-snapshot and Playwright, unless the same ink moved (moved-ink.ts); histogram and
  // ssim are opt-in
  compare: 'pixel',
  // pixelmatch's default YIQ threshold: 0.2 (Playwright's) hides a −10 % brightness change on flat UI colours
  threshold: 0.1,
  antialiasing: true,
  // no differing pixel is allowed: a removed decimal point is one pixel, a changed label 20
  max_diff_pixels: 0,
  max_diff_ratio: 0,
  // labels and icons moved by a few pixels are real changes (0.08–0.14 % of the pixels)
  max_shift: 0,
  // worst benign 0.041 (resample +1 px and back), JPEG/WebP q90 ≤ 0.032; a 1.5 % badge is 0.051, recolours ≥ 0.065
  max_distance: 0.045,
  // the earlier validator's 0.95 kept: lossy re-encoding and noise stay ≥ 0.988
  min_ssim: 0.95,
} as const;

export interface ImageSettings {
  mode: CanonicalMode;
  maxDistance: number;
  minSsim: number;
  maxDiffPixels: number;
  maxDiffRatio: number;
  threshold: number;
  antialiasing: boolean;
  maxShift: number;
}

function numberOr(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

export function settingsOf(tol: Tolerance, mode: CanonicalMode): ImageSettings {
  return {
    mode,
    maxDistance: numberOr(tol.max_distance, IMAGE_DEFAULTS.max_distance),
    minSsim: numberOr(tol.min_ssim, IMAGE_DEFAULTS.min_ssim),
    maxDiffPixels: Math.max(0, Math.floor(numberOr(tol.max_diff_pixels, IMAGE_DEFAULTS.max_diff_pixels))),
    maxDiffRatio: Math.max(0, numberOr(tol.max_diff_ratio, IMAGE_DEFAULTS.max_diff_ratio)),
    threshold: Math.max(0, numberOr(tol.threshold, IMAGE_DEFAULTS.threshold)),
    antialiasing: typeof tol.antialiasing === 'boolean' ? tol.antialiasing : IMAGE_DEFAULTS.antialiasing,
    maxShift: Math.max(0, Math.floor(numberOr(tol.max_shift, IMAGE_DEFAULTS.max_shift))),
  };
}

/** How many differing pixels of `total` the settings allow: the larger of the two limits. */
export function allowedDiffPixels(s: ImageSettings, total: number): number {
  // the epsilon keeps a ratio written as an exact fraction of the pixel count exact
  return Math.max(s.maxDiffPixels, Math.floor(s.maxDiffRatio * total + 1e-9));
}
