import { randomBytes, randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * `length` uniformly random base62 characters. Bytes of 248 and above are discarded (rejection
 * sampling), since 256 is not a multiple of 62 and keeping them would bias the first characters.
 */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Prefixed identifiers: `acc_…`, `key_…`, `evt_…`, `dlv_…`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(20)}`;
}

/** Random bytes taken a few at a time from one buffer, filled again when used up. */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomBits(bytes: number): number {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const value = pool.readUIntBE(poolOffset, bytes);
  poolOffset += bytes;
  return value;
}

const LOW = 2 ** 48;

/**
 * Random bits that count up within a millisecond (RFC 9562, section 6.2, method 2): the first
 * value of a millisecond is fresh random bits with the top one clear, each later one of the same
 * millisecond the value before it plus one. Keys made one after another in this process thus sort
 * in the order they were made even within one millisecond, where random bits alone would order
 * them by chance (a fast machine makes several rows in one millisecond; a test clock stands still).
 * The value is `high` (the bits above 48) and `low` (the low 48 bits), both exact in a number.
 */
class CountingRandom {
  private ms = Number.NaN;
  high = 0;
  low = 0;
  private readonly highLimit: number;

  /** `highBits` above the low 48 (at most 32). */
  constructor(private readonly highBits: number) {
    this.highLimit = 2 ** highBits;
  }

  /** Moves to the value of `ms`; read it from `high` and `low`. */
  next(ms: number): void {
    if (ms === this.ms) {
      this.low += 1;
      if (this.low < LOW) return;
      this.low = 0;
      this.high += 1;
      if (this.high < this.highLimit) return;
    }
    this.ms = ms;
    // The top bit clear: room to count up before the millisecond ends.
    if (this.highBits === 0) {
      this.low = randomBits(6) % (LOW / 2);
    } else {
      this.high = randomBits(4) % (this.highLimit / 2);
      this.low = randomBits(6);
    }
  }
}

/** rand_a (12 bits) and rand_b (62 bits) of the UUIDs below: 26 bits above the low 48. */
const UUID_RANDOM = new CountingRandom(26);

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits that count up within
 * a millisecond (CountingRandom). Rows keyed by it are appended at the right edge of their
 * primary-key index instead of at random places, so a commit of many validation records writes a
 * few index pages, not one per record; and the rows of one millisecond sort in the order made.
 */
export function timeOrderedUuid(nowMs: number): string {
  const ms = Math.max(0, Math.floor(nowMs));
  const time = hex(ms, 12).slice(-12);
  UUID_RANDOM.next(ms);
  const { high, low } = UUID_RANDOM;
  const randA = hex(high >>> 14, 3);
  // The variant (binary 10), then rand_b: the high value's lower 14 bits and the low 48.
  const randB = hex(0x8000 | (high & 0x3fff), 4);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randA}-${randB}-${hex(low, 12)}`;
}

/** The random bits of the keys below. */
const KEY_RANDOM = new CountingRandom(0);

/**
 * The sort key of a row made at `nowMs` (a monitor's `seq`): the milliseconds, zero-padded, and 48
 * random bits that count up within a millisecond (CountingRandom), so keys sort by time and,
 * within a millisecond, in the order made.
 */
export function timeOrderedKey(nowMs: number): string {
  KEY_RANDOM.next(nowMs);
  return `${String(nowMs).padStart(15, '0')}-${hex(KEY_RANDOM.low, 12)}`;
}

/**
 * A prefixed id of a row made at `nowMs` (`val_…`, `dec_…`, `evd_…`, `blk_…`): the prefix and the
 * time-ordered UUID's 32 hex digits, so the rows sort, and are appended to their index, by when
 * they were made.
 */
export function timeOrderedId(prefix: string, nowMs: number): string {
  return `${prefix}_${timeOrderedUuid(nowMs).replace(/-/g, '')}`;
}
