import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Which webhook targets we connect to (decisions 6): HTTPS only, and never an address that reaches
 * into our own network (loopback, private, link-local, multicast, reserved). The check runs when
 * the URL is saved (`checkWebhookUrl`, a 422) and again inside the socket's DNS lookup for every
 * attempt (`guardedLookup`), because a name can resolve elsewhere by the time we deliver. svix does
 * the same in `core/webhook_http_client.rs`; the Standard Webhooks spec explains the SSRF risk.
 */

export interface TargetPolicy {
  /**
   * Host names (case-insensitive, from operator config) exempt from the address check, for
   * development and tests. A literal IP written here is exempt too.
   */
  allowedHosts: readonly string[];
  /**
   * WEBHOOK_ALLOW_LOCAL_HTTP: targets on this machine's loopback (`localhost`, `127.0.0.1`,
   * `[::1]`) pass, over plain http as well as https, at configuration and at every delivery. A name
   * passes only while all its addresses are loopback. For `vat-service webhooks listen`, so it holds
   * for every account and both key modes: asynchronous results (validation.completed,
   * batch.completed) exist only in live mode, and a developer wants to see those too. What keeps
   * it off shared services is config.ts refusing it with NODE_ENV=production, not the key mode.
   */
  allowLocalHttp?: boolean;
  /** Resolves a host name to its addresses. Defaults to the system resolver (`dns.lookup`). */
  lookup?: (host: string) => Promise<string[]>;
}

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/** Raised from the connect-time lookup when a name resolves to a forbidden address. */
export class ForbiddenTargetError extends Error {
  readonly code = 'ERR_WEBHOOK_TARGET_FORBIDDEN';
}

type Rule = readonly [description: string, cidrs: readonly string[]];

const LOOPBACK = 'a loopback address';

// IANA IPv4 Special-Purpose Address Registry (RFC 6890 and updates), plus multicast and 240/4.
// Order matters only for the description: the first match names the address.
const IPV4_RULES: readonly Rule[] = [
  ['an unspecified ("this network") address', ['0.0.0.0/8']],
  [LOOPBACK, ['127.0.0.0/8']],
  ['a private-network address', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']],
  ['a shared (carrier-grade NAT) address', ['100.64.0.0/10']],
  ['a link-local address', ['169.254.0.0/16']],
  ['a benchmarking address', ['198.18.0.0/15']],
  ['a documentation address', ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24']],
  ['a multicast address', ['224.0.0.0/4']],
  ['a broadcast address', ['255.255.255.255/32']],
  // 192.0.0.0/24: IETF protocol assignments; 192.88.99.0/24: the retired 6to4 relay anycast.
  ['a reserved address', ['192.0.0.0/24', '192.88.99.0/24', '240.0.0.0/4']],
];

// IANA IPv6 Special-Purpose Address Registry. IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96)
// and 6to4 (2002::/16) addresses never get here: their embedded IPv4 address is checked instead.
// Only 2000::/3 is allocated for global unicast, so everything outside it is refused as reserved
// (that also covers IPv4-compatible ::/96, discard-only 100::/64 and SRv6 5f00::/16).
const IPV6_RULES: readonly Rule[] = [
  ['an unspecified address', ['::/128']],
  [LOOPBACK, ['::1/128']],
  ['a private-network address', ['fc00::/7', 'fec0::/10', '64:ff9b:1::/48']],
  ['a link-local address', ['fe80::/10']],
  ['a multicast address', ['ff00::/8']],
  ['a benchmarking address', ['2001:2::/48']],
  ['a documentation address', ['2001:db8::/32', '3fff::/20']],
  // 2001::/23: IETF protocol assignments, Teredo (2001::/32) included.
  ['a reserved address', ['2001::/23', '::/3', '4000::/2', '8000::/1']],
];

interface CompiledRule {
  description: string;
  list: BlockList;
}

function compile(rules: readonly Rule[], family: 'ipv4' | 'ipv6'): CompiledRule[] {
  return rules.map(([description, cidrs]) => {
    const list = new BlockList();
    for (const cidr of cidrs) {
      const [network, prefix] = cidr.split('/');
      list.addSubnet(network, Number(prefix), family);
    }
    return { description, list };
  });
}

// One BlockList per family: Node matches IPv4 addresses against IPv6 rules through their mapped
// form, so a shared list would find every IPv4 address inside ::/3.
const IPV4_LISTS = compile(IPV4_RULES, 'ipv4');
const IPV6_LISTS = compile(IPV6_RULES, 'ipv6');

/** Why an address is refused ("a loopback address"), or null when it is a public address. */
export function describeForbiddenAddress(ip: string): string | null {
  const address = stripZone(stripBrackets(ip));
  const family = isIP(address);
  if (family === 4) return firstMatch(IPV4_LISTS, address, 'ipv4');
  if (family === 6) {
    const embedded = embeddedIPv4(address);
    if (embedded !== null) return firstMatch(IPV4_LISTS, embedded, 'ipv4');
    return firstMatch(IPV6_LISTS, address, 'ipv6');
  }
  return 'not an IP address';
}

export function isForbiddenAddress(ip: string): boolean {
  return describeForbiddenAddress(ip) !== null;
}

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6. */
export function isLoopbackAddress(ip: string): boolean {
  return describeForbiddenAddress(ip) === LOOPBACK;
}

/** The host names WEBHOOK_ALLOW_LOCAL_HTTP lets through (after normaliseHost: no brackets). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);

const PUBLIC_ONLY = 'webhook targets must be reachable on the public internet';

export async function checkWebhookUrl(url: string, policy: TargetPolicy): Promise<WebhookUrlCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: 'The webhook URL is not a valid absolute URL.' };
  }
  const host = normaliseHost(parsed.hostname);
  const local = isLocalTarget(host, policy);
  if (parsed.protocol !== 'https:' && !(local && parsed.protocol === 'http:')) {
    return {
      ok: false,
      message: `The webhook URL must use HTTPS; ${parsed.protocol} URLs are not accepted.`,
    };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return { ok: false, message: 'The webhook URL must not contain a user name or password.' };
  }
  if (host === '') return { ok: false, message: 'The webhook URL has no host.' };
  if (isAllowedHost(host, policy)) return { ok: true, url: parsed };

  if (isIP(host) !== 0) {
    const reason = describeForbiddenAddress(host);
    if (reason === null || (local && reason === LOOPBACK)) return { ok: true, url: parsed };
    return { ok: false, message: `The webhook URL points to ${host}, which is ${reason}; ${PUBLIC_ONLY}.` };
  }

  let addresses: string[];
  try {
    addresses = await resolve(host, policy);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) {
    return { ok: false, message: `The webhook host ${host} could not be resolved.` };
  }
  const refusal = local ? refuseNonLoopback(host, addresses) : refuseAddresses(host, addresses);
  if (refusal !== null) return { ok: false, message: `The ${refusal}.` };
  return { ok: true, url: parsed };
}

/**
 * A `dns.lookup` replacement for undici's `connect.lookup`: resolves through the policy and fails
 * the connection with ForbiddenTargetError when any address is refused. Node calls it for host
 * names only; literal IPs skip lookup, so callers check those with `checkWebhookUrl` first.
 */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const host = normaliseHost(hostname);
    const family = familyOf(options);
    resolve(host, policy).then(
      (all) => {
        if (!isAllowedHost(host, policy)) {
          const refusal = isLocalTarget(host, policy)
            ? refuseNonLoopback(host, all)
            : refuseAddresses(host, all);
          if (refusal !== null) {
            callback(new ForbiddenTargetError(`Refused to connect: the ${refusal}.`), '');
            return;
          }
        }
        const addresses: LookupAddress[] = all
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => entry.family !== 0 && (family === 0 || entry.family === family));
        if (addresses.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '');
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

function refuseAddresses(host: string, addresses: readonly string[]): string | null {
  for (const address of addresses) {
    const reason = describeForbiddenAddress(address);
    if (reason !== null)
      return `webhook host ${host} resolves to ${address}, which is ${reason}; ${PUBLIC_ONLY}`;
  }
  return null;
}

/** For a WEBHOOK_ALLOW_LOCAL_HTTP target: `localhost` must not resolve off this machine. */
function refuseNonLoopback(host: string, addresses: readonly string[]): string | null {
  const away = addresses.find((address) => !isLoopbackAddress(address));
  return away === undefined
    ? null
    : `webhook host ${host} resolves to ${away}, which is not a loopback address; WEBHOOK_ALLOW_LOCAL_HTTP admits only this machine`;
}

function isLocalTarget(host: string, policy: TargetPolicy): boolean {
  return policy.allowLocalHttp === true && LOCAL_HOSTS.has(host);
}

async function resolve(host: string, policy: TargetPolicy): Promise<string[]> {
  if (policy.lookup) return policy.lookup(host);
  const answers = await dns.lookup(host, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

function isAllowedHost(host: string, policy: TargetPolicy): boolean {
  return policy.allowedHosts.some((allowed) => normaliseHost(allowed) === host);
}

function normaliseHost(host: string): string {
  return stripBrackets(host.trim().toLowerCase()).replace(/\.$/, '');
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function stripZone(address: string): string {
  const percent = address.indexOf('%');
  return percent === -1 ? address : address.slice(0, percent);
}

function familyOf(options: LookupOptions): 0 | 4 | 6 {
  const family = options.family as number | string | undefined;
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}

function firstMatch(lists: readonly CompiledRule[], address: string, family: 'ipv4' | 'ipv6'): string | null {
  for (const { description, list } of lists) {
    if (list.check(address, family)) return description;
  }
  return null;
}

/**
 * The IPv4 address carried inside an IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d, RFC
 * 6052) or 6to4 (2002:aabb:ccdd::, RFC 3056) IPv6 address, or null. These reach the IPv4 host, so
 * they are judged as that host.
 */
function embeddedIPv4(address: string): string | null {
  const h = hextets(address);
  const zeros = (from: number, to: number) => h.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && h[5] === 0xffff) return ipv4From(h[6], h[7]);
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(2, 6)) return ipv4From(h[6], h[7]);
  if (h[0] === 0x2002) return ipv4From(h[1], h[2]);
  return null;
}

function ipv4From(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** The eight 16-bit groups of a valid IPv6 address (already checked with `isIP`). */
function hextets(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const fill = rest === undefined ? [] : Array(8 - headGroups.length - restGroups.length).fill('0');
  return [...headGroups, ...fill, ...restGroups].map((group) => Number.parseInt(group, 16));
}
