// The image modes, their defaults, and the settings one comparison runs with.
import type { OutputType } from '../../tool/manifest-types.js';
import type { Tolerance } from '../types.js';

export const IMAGE_TYPES = ['image', 'image_grid', 'image_compare'] as const satisfies readonly OutputType[];

/** Modes, with the earlier Python validator's spellings as aliases (they all meant SSIM or exact bytes). */
export const IMAGE_MODES = [
  'histogram',
  'ssim',
  'pixel',
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

// Defaults chosen from bench/image-evidence.ts (table in bench/evidence/image-thresholds.md, 640×400
// dashboard and photo-like renders):
export const IMAGE_DEFAULTS = {
  compare: 'histogram',
  // worst benign 0.041 (resample +1 px and back), JPEG/WebP q90 ≤ 0.032; a 1.5 % badge is 0.051, recolours ≥ 0.065
  max_distance: 0.045,
  // the earlier validator's 0.95 kept: lossy re-encoding and noise stay ≥ 0.995, but SSIM cannot separate a 1-px text shift (0.947) from real edits (0.96–0.99)
  min_ssim: 0.95,
  // with shift and AA tolerance, JPEG q90 leaves 0.03 % of pixels; the smallest real edit (a 40×20 patch) is 0.24 %
  max_diff_ratio: 0.001,
  // pixelmatch's default YIQ threshold: 0.2 (Playwright's) hides a −10 % brightness change on flat UI colours
  threshold: 0.1,
  antialiasing: true,
  // a 1-px shift of text drops from 1.7 % differing pixels to 0
  max_shift: 1,
} as const;

export interface ImageSettings {
  mode: CanonicalMode;
  maxDistance: number;
  minSsim: number;
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
    maxDiffRatio: numberOr(tol.max_diff_ratio, IMAGE_DEFAULTS.max_diff_ratio),
    threshold: numberOr(tol.threshold, IMAGE_DEFAULTS.threshold),
    antialiasing: typeof tol.antialiasing === 'boolean' ? tol.antialiasing : IMAGE_DEFAULTS.antialiasing,
    maxShift: Math.max(0, Math.floor(numberOr(tol.max_shift, IMAGE_DEFAULTS.max_shift))),
  };
}

export function ruleOf(s: ImageSettings): string {
  switch (s.mode) {
    case 'histogram':
      return `same size, then histogram Hellinger distance (16 soft bins per channel, worst of R, G, B, A) ≤ max_distance ${s.maxDistance}`;
    case 'ssim':
      return `same size, then SSIM (luma, 8×8 windows) ≥ min_ssim ${s.minSsim}`;
    case 'pixel':
      return `same size, then share of pixels beyond colour threshold ${s.threshold} (YIQ)${s.antialiasing ? ', anti-aliasing tolerated' : ''}${s.maxShift ? `, shifts up to ${s.maxShift} px tolerated` : ''} ≤ max_diff_ratio ${s.maxDiffRatio}`;
    case 'sha256':
      return 'identical bytes (size + SHA-256)';
  }
}
