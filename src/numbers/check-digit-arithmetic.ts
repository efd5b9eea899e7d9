/** The arithmetic the check-digit rules share (vat-formats.md section 3). */

/** Several rules subtract before the remainder; JavaScript's `%` keeps the sign (section 1 notes). */
export function mod(a: number, m: number): number {
  return ((a % m) + m) % m;
}

export function digit(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

export function isDigit(s: string, i: number): boolean {
  const d = digit(s, i);
  return d >= 0 && d <= 9;
}

/** Σ weights[k] · digit(s, from + k) over the first `count` weights. */
export function weighted(s: string, weights: readonly number[], from = 0, count = weights.length): number {
  let sum = 0;
  for (let k = 0; k < count; k++) sum += weights[k] * digit(s, from + k);
  return sum;
}

/** The integer value of s[from, to); every caller stays far below 2^53. */
export function int(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + digit(s, i);
  return n;
}

/** The Luhn doubling: 2x, minus 9 when that reaches 10 or more. */
export function luhnDouble(x: number): number {
  return x <= 4 ? 2 * x : 2 * x - 9;
}

/** Section 3, Luhn over s[from, to). */
export function luhn(s: string, from = 0, to = s.length): boolean {
  let sum = 0;
  for (let i = to - 1, kept = true; i >= from; i--, kept = !kept) {
    sum += kept ? digit(s, i) : luhnDouble(digit(s, i));
  }
  return sum % 10 === 0;
}

/** Section 3, ISO 7064 MOD 11,10 over all digits of s, the last being the check digit (DE, HR). */
export function iso7064Mod11_10(s: string): boolean {
  let p = 10;
  for (let i = 0; i < s.length - 1; i++) {
    const sum = (p + digit(s, i)) % 10 || 10;
    p = (2 * sum) % 11;
  }
  return digit(s, s.length - 1) === (11 - p) % 10;
}

export function dateExists(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return day <= (leap ? 29 : 28);
  }
  const thirtyDays = month === 4 || month === 6 || month === 9 || month === 11;
  return day <= (thirtyDays ? 30 : 31);
}

/** Section 3, the Czech and Slovak birth number (rodné číslo), 9 or 10 digits. */
export function birthNumber(s: string): boolean {
  const yy = int(s, 0, 2);
  const month = (int(s, 2, 4) % 50) % 20;
  const day = int(s, 4, 6);
  if (s.length === 9) {
    // 9-digit birth numbers were issued only until 1953.
    if (yy >= 54 && yy <= 79) return false;
    return dateExists(yy <= 53 ? 1900 + yy : 1800 + yy, month, day);
  }
  if (digit(s, 9) !== (int(s, 0, 9) % 11) % 10) return false;
  return dateExists(yy <= 53 ? 2000 + yy : 1900 + yy, month, day);
}
