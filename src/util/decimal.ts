// Exact decimal arithmetic on the shortest round-trip text of IEEE doubles. Written by hand because
// no library in the project's set does this small job: a tolerance "as written" must hold exactly
// (16470.09 − 16470.085 is 0.005 in decimal but 0.0050000000010914 in binary; docs/tolerance.md).

/** value = mantissa × 10^exponent */
export interface Decimal { mantissa: bigint; exponent: number }

export function toDecimal(n: number): Decimal {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  const text = String(n).toLowerCase();
  const [coeff, expPart] = text.split('e');
  let exponent = expPart === undefined ? 0 : Number(expPart);
  const negative = coeff!.startsWith('-');
  const unsigned = negative ? coeff!.slice(1) : coeff!;
  const [whole, frac = ''] = unsigned.split('.');
  exponent -= frac.length;
  let mantissa = BigInt(whole! + frac);
  if (negative) mantissa = -mantissa;
  return { mantissa, exponent };
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const exponent = Math.min(a.exponent, b.exponent);
  return [a.mantissa * 10n ** BigInt(a.exponent - exponent), b.mantissa * 10n ** BigInt(b.exponent - exponent), exponent];
}

export function subtract(a: Decimal, b: Decimal): Decimal {
  const [x, y, exponent] = align(a, b);
  return { mantissa: x - y, exponent };
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { mantissa: a.mantissa * b.mantissa, exponent: a.exponent + b.exponent };
}

export function abs(a: Decimal): Decimal {
  return { mantissa: a.mantissa < 0n ? -a.mantissa : a.mantissa, exponent: a.exponent };
}

/** -1, 0 or 1 */
export function compareDecimal(a: Decimal, b: Decimal): number {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function decimalToString(d: Decimal): string {
  const negative = d.mantissa < 0n;
  let digits = (negative ? -d.mantissa : d.mantissa).toString();
  let text: string;
  if (d.exponent >= 0) {
    text = digits + '0'.repeat(d.exponent);
  } else {
    const places = -d.exponent;
    if (digits.length <= places) digits = '0'.repeat(places - digits.length + 1) + digits;
    const whole = digits.slice(0, digits.length - places);
    const frac = digits.slice(digits.length - places).replace(/0+$/, '');
    text = frac ? `${whole}.${frac}` : whole;
  }
  return negative && text !== '0' ? `-${text}` : text;
}
