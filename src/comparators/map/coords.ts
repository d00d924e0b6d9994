// Coordinates: lat/lng read with `??` (0.0 is a real latitude), rounded half away from zero on
// their decimal text, and compared after rounding, with a half-unit allowance across a rounding edge.
import Big from 'big.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { messages } from './messages.js';

/**
 * Rounds half away from zero on the number's shortest decimal text, so 51.50005 rounds to 51.5001
 * as written (binary rounding would give 51.5). Returns the rounded value as an integer count of
 * 10^-digits units. `v` must be finite.
 */
export function roundToUnits(v: number, digits: number): bigint {
  return BigInt(new Big(v).toFixed(digits, Big.roundHalfUp).replace('.', ''));
}

export function unitsToText(units: bigint, digits: number): string {
  const neg = units < 0n;
  let s = (neg ? -units : units).toString();
  if (digits > 0) {
    s = s.padStart(digits + 1, '0');
    const whole = s.slice(0, s.length - digits);
    const frac = s.slice(s.length - digits).replace(/0+$/, '');
    s = frac ? `${whole}.${frac}` : whole;
  }
  return neg && s !== '0' ? `-${s}` : s;
}

export interface Coord {
  lat: number;
  lng: number;
  latU: bigint;
  lngU: bigint;
}

/** lat/latitude and lng/lon/longitude (with `??`), or a [lat, lng] pair; a message when unreadable. */
export function readCoord(p: unknown, digits: number): Coord | string {
  let lat: unknown;
  let lng: unknown;
  if (Array.isArray(p)) {
    if (p.length < 2) return messages.tooFewNumbers(p.length);
    [lat, lng] = p;
  } else if (isPlainObject(p)) {
    lat = p.lat ?? p.latitude;
    lng = p.lng ?? p.lon ?? p.longitude;
    // a key that is present but null is reported as null, not as missing
    const named = (keys: string[]): boolean => keys.some((k) => Object.hasOwn(p, k));
    if (lat === undefined && named(['lat', 'latitude'])) lat = null;
    if (lng === undefined && named(['lng', 'lon', 'longitude'])) lng = null;
    if (lat === undefined) return messages.noLatitude();
    if (lng === undefined) return messages.noLongitude();
  } else {
    return messages.notACoordinate(p);
  }
  if (typeof lat !== 'number' || !Number.isFinite(lat)) return messages.badLatitude(lat);
  if (typeof lng !== 'number' || !Number.isFinite(lng)) return messages.badLongitude(lng);
  return { lat, lng, latU: roundToUnits(lat, digits), lngU: roundToUnits(lng, digits) };
}

export function coordKey(c: Coord): string {
  return `${c.latU},${c.lngU}`;
}

export function coordText(c: Coord, digits: number): string {
  return `(${unitsToText(c.latU, digits)}, ${unitsToText(c.lngU, digits)})`;
}

/**
 * Two coordinates that round to neighbouring cells but lie within half a unit of the last digit of
 * each other match too: rounding alone would fail 51.50004999 against 51.50005001.
 */
export function nearlySame(e: Coord, a: Coord, digits: number): boolean {
  const half = 0.5 * 10 ** -digits;
  const close = (x: number, y: number, xu: bigint, yu: bigint): boolean => {
    const du = xu - yu;
    return (du === 0n || du === 1n || du === -1n) && Math.abs(x - y) <= half * (1 + 1e-9);
  };
  return close(e.lat, a.lat, e.latU, a.latU) && close(e.lng, a.lng, e.lngU, a.lngU);
}
