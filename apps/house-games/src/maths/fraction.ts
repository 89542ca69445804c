/**
 * A small exact rational on bigint, for declared RTPs computed by enumeration or analysis: no
 * floating point until the final `toNumber`.
 */
export class Fraction {
  readonly numerator: bigint;
  readonly denominator: bigint;

  constructor(numerator: bigint | number, denominator: bigint | number = 1n) {
    let top = BigInt(numerator);
    let bottom = BigInt(denominator);
    if (bottom === 0n) throw new RangeError('zero denominator');
    if (bottom < 0n) {
      top = -top;
      bottom = -bottom;
    }
    const divisor = gcd(top < 0n ? -top : top, bottom);
    this.numerator = top / divisor;
    this.denominator = bottom / divisor;
  }

  static readonly ZERO = new Fraction(0n);
  static readonly ONE = new Fraction(1n);

  add(other: Fraction): Fraction {
    return new Fraction(
      this.numerator * other.denominator + other.numerator * this.denominator,
      this.denominator * other.denominator,
    );
  }

  sub(other: Fraction): Fraction {
    return this.add(new Fraction(-other.numerator, other.denominator));
  }

  mul(other: Fraction | bigint | number): Fraction {
    const factor = other instanceof Fraction ? other : new Fraction(other);
    return new Fraction(this.numerator * factor.numerator, this.denominator * factor.denominator);
  }

  div(other: Fraction | bigint | number): Fraction {
    const divisor = other instanceof Fraction ? other : new Fraction(other);
    return new Fraction(this.numerator * divisor.denominator, this.denominator * divisor.numerator);
  }

  equals(other: Fraction): boolean {
    return this.numerator === other.numerator && this.denominator === other.denominator;
  }

  /**
   * As a double: correctly rounded when numerator and denominator are safe integers (so a
   * constant written `a / b` equals it), else to ~1e-16 relative.
   */
  toNumber(): number {
    const safe = BigInt(Number.MAX_SAFE_INTEGER);
    if (this.denominator <= safe && this.numerator <= safe && -this.numerator <= safe) {
      return Number(this.numerator) / Number(this.denominator);
    }
    const scale = 10n ** 30n;
    return Number((this.numerator * scale) / this.denominator) / 1e30;
  }

  toString(): string {
    return `${this.numerator}/${this.denominator}`;
  }
}

function gcd(left: bigint, right: bigint): bigint {
  let a = left;
  let b = right;
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}
