// Map inputs: a point, a bounding box, a polygon and several points, in [lat, lng] order.
import type { Arbitrary } from 'fast-check';
import type { InputSpec } from '../model/manifest.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { describe, finite } from './kit.js';
import type { FastCheck, InputTypeRule } from './rule.js';

/** The map's declared centre, else [0, 0]. */
function centre(spec: InputSpec): [number, number] {
  const c = spec.default_center;
  return Array.isArray(c) && c.length >= 2 ? [Number(c[0]), Number(c[1])] : [0, 0];
}

/** The forms a map point takes in the original Pixie's tools and in Leaflet: [lat, lng], {lat, lng},
 * {lat, lon} or {latitude, longitude}, other fields (label, …) allowed. Null when fine. */
function pointProblem(v: unknown): string | null {
  let lat: unknown;
  let lng: unknown;
  if (Array.isArray(v)) {
    if (v.length !== 2) return `must be a [lat, lng] pair of numbers, got ${describe(v)}`;
    [lat, lng] = v;
  } else if (isPlainObject(v)) {
    lat = v.lat ?? v.latitude;
    lng = v.lng ?? v.lon ?? v.longitude;
    if (lat === undefined || lng === undefined)
      return `must be [lat, lng] or an object with lat and lng (or lon, or latitude and longitude), got an object with ${Object.keys(v).join(', ') || 'no keys'}`;
  } else {
    return `must be a [lat, lng] pair or a {"lat", "lng"} object, got ${describe(v)}`;
  }
  if (!finite(lat) || lat < -90 || lat > 90) return `has latitude ${describe(lat)}; it must be a number from -90 to 90`;
  if (!finite(lng) || lng < -180 || lng > 180)
    return `has longitude ${describe(lng)}; it must be a number from -180 to 180`;
  return null;
}

function pointsProblem(v: unknown, what: string): string | null {
  if (!Array.isArray(v)) return `must be ${what}, got ${describe(v)}`;
  for (let i = 0; i < v.length; i++) {
    const p = pointProblem(v[i]);
    if (p) return `point ${i} ${p}`;
  }
  return null;
}

/** A [lat, lng] pair on the globe. */
function pointArbitrary(fc: FastCheck): Arbitrary<[number, number]> {
  return fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }));
}

/** A closed regular polygon: never self-intersecting, so a tool cannot rightly refuse it. */
function polygon(centre: [number, number], radius: number, corners: number): [number, number][] {
  const clampLat = (x: number) => Math.max(-90, Math.min(90, x));
  const clampLng = (x: number) => Math.max(-180, Math.min(180, x));
  const ring: [number, number][] = [];
  for (let i = 0; i < corners; i++) {
    const a = (2 * Math.PI * i) / corners;
    ring.push([
      Number(clampLat(centre[0] + radius * Math.sin(a)).toFixed(6)),
      Number(clampLng(centre[1] + radius * Math.cos(a)).toFixed(6)),
    ]);
  }
  ring.push(ring[0]!);
  return ring;
}

export const mapPointRule: InputTypeRule = {
  sample: centre,
  check: (_spec, value) => pointProblem(value),
  explore: (spec, fc) => ({ special: [[0, 0], [90, 180], [-90, -180], centre(spec)], random: pointArbitrary(fc) }),
};

export const mapBboxRule: InputTypeRule = {
  sample(spec) {
    const [a, b] = centre(spec);
    return [a - 0.01, b - 0.01, a + 0.01, b + 0.01];
  },
  check: (_spec, value) =>
    Array.isArray(value) && value.length === 4 && value.every(finite)
      ? null
      : `must be a [south, west, north, east] list of 4 numbers, got ${describe(value)}`,
  explore(spec, fc) {
    const [lat, lng] = centre(spec);
    const point = pointArbitrary(fc);
    return {
      special: [
        [-90, -180, 90, 180],
        [lat - 0.001, lng - 0.001, lat + 0.001, lng + 0.001].map((x) => Number(x.toFixed(6))),
      ],
      random: fc
        .tuple(point, point)
        .map(([a, b]) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])]),
    };
  },
};

export const mapPolygonRule: InputTypeRule = {
  sample(spec) {
    const [a, b] = centre(spec);
    // a closed triangle around the centre: a one-vertex "polygon" is not a polygon
    return [
      [a, b],
      [a + 0.01, b],
      [a, b + 0.01],
      [a, b],
    ];
  },
  check: (_spec, value) => pointsProblem(value, 'a list of [lat, lng] vertices'),
  explore: (spec, fc) => ({
    special: [polygon(centre(spec), 0.01, 3), polygon(centre(spec), 10, 8)],
    random: fc
      .tuple(pointArbitrary(fc), fc.double({ min: 0.0001, max: 10, noNaN: true }), fc.integer({ min: 3, max: 12 }))
      .map(([c, r, n]) => polygon(c, r, n)),
  }),
};

export const mapMultipointRule: InputTypeRule = {
  sample: (spec) => [centre(spec)],
  check: (_spec, value) => pointsProblem(value, 'a list of [lat, lng] points'),
  explore: (spec, fc) => ({ special: [[], [centre(spec)]], random: fc.array(pointArbitrary(fc), { maxLength: 20 }) }),
};
