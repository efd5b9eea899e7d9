import { randomBytes, randomUUID } from 'node:crypto';

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
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Rows keyed by it are
 * appended at the right edge of their primary-key index instead of at random places, so a commit of
 * many validation records writes a few index pages, not one per record.
 */
export function timeOrderedUuid(nowMs: number): string {
  const random = randomUUID();
  const time = Math.max(0, Math.floor(nowMs)).toString(16).padStart(12, '0').slice(-12);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}

/**
 * A prefixed id of a row made at `nowMs` (`val_…`, `dec_…`, `evd_…`, `blk_…`): the prefix and the
 * time-ordered UUID's 32 hex digits, so the rows sort, and are appended to their index, by when
 * they were made.
 */
export function timeOrderedId(prefix: string, nowMs: number): string {
  return `${prefix}_${timeOrderedUuid(nowMs).replace(/-/g, '')}`;
}
