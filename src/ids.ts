import { randomBytes } from 'node:crypto';

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

/**
 * Random bits that count up within a millisecond (RFC 9562, section 6.2, method 2): the first
 * value of a millisecond is fresh random bits with the top one clear, each later one of the same
 * millisecond the value before it plus one. Keys made one after another in this process thus sort
 * in the order they were made even within one millisecond, where random bits alone would order
 * them by chance (a fast machine makes several rows in one millisecond; a test clock stands still).
 */
class CountingRandom {
  private ms = Number.NaN;
  private value = 0n;
  private readonly top: bigint;

  constructor(private readonly bits: number) {
    this.top = (1n << BigInt(bits)) - 1n;
  }

  next(ms: number): bigint {
    if (ms === this.ms && this.value < this.top) this.value += 1n;
    else {
      this.ms = ms;
      const fresh = BigInt(`0x${randomBytes(Math.ceil(this.bits / 8)).toString('hex')}`);
      this.value = fresh & (this.top >> 1n);
    }
    return this.value;
  }
}

/** rand_a (12 bits) and rand_b (62 bits) of the UUIDs below. */
const UUID_RANDOM = new CountingRandom(74);
const RAND_B = (1n << 62n) - 1n;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits that count up within
 * a millisecond (CountingRandom). Rows keyed by it are appended at the right edge of their
 * primary-key index instead of at random places, so a commit of many validation records writes a
 * few index pages, not one per record; and the rows of one millisecond sort in the order made.
 */
export function timeOrderedUuid(nowMs: number): string {
  const ms = Math.max(0, Math.floor(nowMs));
  const time = ms.toString(16).padStart(12, '0').slice(-12);
  const random = UUID_RANDOM.next(ms);
  const randA = (random >> 62n).toString(16).padStart(3, '0');
  // The variant (binary 10), then rand_b.
  const randB = ((2n << 62n) | (random & RAND_B)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randA}-${randB.slice(0, 4)}-${randB.slice(4)}`;
}

/** The random bits of the keys below. */
const KEY_RANDOM = new CountingRandom(48);

/**
 * The sort key of a row made at `nowMs` (a monitor's `seq`): the milliseconds, zero-padded, and 48
 * random bits that count up within a millisecond (CountingRandom), so keys sort by time and,
 * within a millisecond, in the order made.
 */
export function timeOrderedKey(nowMs: number): string {
  return `${String(nowMs).padStart(15, '0')}-${KEY_RANDOM.next(nowMs).toString(16).padStart(12, '0')}`;
}

/**
 * A prefixed id of a row made at `nowMs` (`val_…`, `dec_…`, `evd_…`, `blk_…`): the prefix and the
 * time-ordered UUID's 32 hex digits, so the rows sort, and are appended to their index, by when
 * they were made.
 */
export function timeOrderedId(prefix: string, nowMs: number): string {
  return `${prefix}_${timeOrderedUuid(nowMs).replace(/-/g, '')}`;
}
