import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  describeForbiddenAddress,
  guardedLookup,
  isForbiddenAddress,
  type TargetPolicy,
} from '../../src/webhooks/target-guard.js';

// No network: literal addresses need no lookup, and names go through an injected `lookup`.
const names: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'mixed.example.com': ['93.184.216.34', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
};
const lookup = async (host: string): Promise<string[]> => {
  const found = names[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};
const strict: TargetPolicy = { allowedHosts: [], lookup };

async function refusal(url: string, policy: TargetPolicy = strict): Promise<string> {
  const result = await checkWebhookUrl(url, policy);
  if (result.ok) throw new Error(`expected ${url} to be refused`);
  return result.message;
}

describe('isForbiddenAddress', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['10.0.0.1', 'a private-network address'],
    ['172.16.0.1', 'a private-network address'],
    ['172.31.255.255', 'a private-network address'],
    ['192.168.1.1', 'a private-network address'],
    ['169.254.169.254', 'a link-local address'],
    ['0.0.0.0', 'an unspecified ("this network") address'],
    ['0.1.2.3', 'an unspecified ("this network") address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
    ['198.18.0.1', 'a benchmarking address'],
    ['192.0.2.1', 'a documentation address'],
    ['198.51.100.1', 'a documentation address'],
    ['203.0.113.1', 'a documentation address'],
    ['192.0.0.8', 'a reserved address'],
    ['240.0.0.1', 'a reserved address'],
    ['255.255.255.255', 'a broadcast address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['fc00::1', 'a private-network address'],
    ['fd12:3456:789a::1', 'a private-network address'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a documentation address'],
    ['2001::1', 'a reserved address'],
    ['100::1', 'a reserved address'],
    ['::127.0.0.1', 'a reserved address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.1.2.3', 'a private-network address'],
    ['::ffff:169.254.169.254', 'a link-local address'],
    ['64:ff9b::127.0.0.1', 'a loopback address'],
    ['64:ff9b::a9fe:a9fe', 'a link-local address'],
    ['64:ff9b:1::1', 'a private-network address'],
    ['2002:c0a8:0101::1', 'a private-network address'],
    ['not-an-ip', 'not an IP address'],
  ])('refuses %s as %s', (ip, description) => {
    expect(isForbiddenAddress(ip)).toBe(true);
    expect(describeForbiddenAddress(ip)).toBe(description);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '223.255.255.255',
    '2606:2800:220:1:248:1893:25c8:1946',
    '2a00:1450:4001:82b::200e',
    '::ffff:93.184.216.34',
    '64:ff9b::93.184.216.34',
    '2002:5db8:d822::1',
  ])('allows the public address %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'https://172.16.0.1/hook',
    'https://192.168.1.1/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://0.0.0.0/hook',
    'https://224.0.0.1/hook',
    'https://100.64.0.1/hook',
  ])('refuses the literal address in %s', async (url) => {
    expect(await refusal(url)).toMatch(
      /^The webhook URL points to .+, which is an? .+ address; webhook targets must be reachable on the public internet\.$/,
    );
  });

  it.each([
    ['https://2130706433/hook', '127.0.0.1'],
    ['https://0x7f.1/hook', '127.0.0.1'],
    ['https://017700000001/hook', '127.0.0.1'],
  ])('refuses %s, an unusual spelling of %s', async (url, address) => {
    expect(await refusal(url)).toContain(`points to ${address}, which is a loopback address`);
  });

  it('names the address and its kind in the message', async () => {
    expect(await refusal('https://127.0.0.1/hook')).toBe(
      'The webhook URL points to 127.0.0.1, which is a loopback address; webhook targets must be reachable on the public internet.',
    );
  });

  it('refuses an http:// URL', async () => {
    expect(await refusal('http://hooks.example.com/hook')).toBe(
      'The webhook URL must use HTTPS; http: URLs are not accepted.',
    );
  });

  it('refuses a URL with credentials', async () => {
    expect(await refusal('https://user:secret@hooks.example.com/hook')).toBe(
      'The webhook URL must not contain a user name or password.',
    );
    expect(await refusal('https://user@hooks.example.com/hook')).toMatch(/user name or password/);
  });

  it.each(['not a url', '', '/relative/path', 'https://', 'https://exa mple.com/'])(
    'refuses the malformed URL %j',
    async (url) => {
      expect(await refusal(url)).toBe('The webhook URL is not a valid absolute URL.');
    },
  );

  it('refuses a name that resolves to loopback', async () => {
    expect(await refusal('https://localhost/hook')).toBe(
      'The webhook host localhost resolves to 127.0.0.1, which is a loopback address; webhook targets must be reachable on the public internet.',
    );
  });

  it('refuses a name when any of its addresses is private', async () => {
    expect(await refusal('https://mixed.example.com/hook')).toContain('resolves to 10.0.0.7');
  });

  it('refuses a name that resolves to the cloud metadata address', async () => {
    expect(await refusal('https://metadata.example.com/hook')).toContain('a link-local address');
  });

  it('refuses a name that does not resolve', async () => {
    expect(await refusal('https://nowhere.example.com/hook')).toBe(
      'The webhook host nowhere.example.com could not be resolved.',
    );
  });

  it('allows a name on the allowlist even though it resolves to loopback, ignoring case and a trailing dot', async () => {
    const policy: TargetPolicy = { allowedHosts: ['LocalHost'], lookup };
    const result = await checkWebhookUrl('https://localhost.:8443/hook', policy);
    expect(result.ok).toBe(true);
  });

  it('allows a public literal address without a lookup', async () => {
    const policy: TargetPolicy = {
      allowedHosts: [],
      lookup: () => Promise.reject(new Error('no lookup expected')),
    };
    const result = await checkWebhookUrl('https://93.184.216.34/hook', policy);
    expect(result).toEqual({ ok: true, url: new URL('https://93.184.216.34/hook') });
  });

  it('allows a name whose addresses are all public and returns the parsed URL', async () => {
    const result = await checkWebhookUrl('https://Hooks.Example.com:8443/v1/hook?x=1', strict);
    expect(result.ok && result.url.href).toBe('https://hooks.example.com:8443/v1/hook?x=1');
  });
});

describe('guardedLookup', () => {
  function callLookup(policy: TargetPolicy, host: string, all: boolean) {
    return new Promise<{
      error: NodeJS.ErrnoException | null;
      address: string | LookupAddress[];
      family?: number;
    }>((resolve) => {
      guardedLookup(policy)(host, { all }, (error, address, family) => resolve({ error, address, family }));
    });
  }

  it('refuses a name that resolves to a forbidden address', async () => {
    const { error } = await callLookup(strict, 'localhost', true);
    expect(error?.code).toBe('ERR_WEBHOOK_TARGET_FORBIDDEN');
    expect(error?.message).toContain('localhost resolves to 127.0.0.1, which is a loopback address');
  });

  it('answers every address when Node asks for all of them', async () => {
    const { error, address } = await callLookup(strict, 'hooks.example.com', true);
    expect(error).toBeNull();
    expect(address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ]);
  });

  it('answers the first address when Node asks for one', async () => {
    const { error, address, family } = await callLookup(strict, 'hooks.example.com', false);
    expect(error).toBeNull();
    expect([address, family]).toEqual(['93.184.216.34', 4]);
  });

  it('keeps only the requested family', async () => {
    const answer = await new Promise<unknown>((resolve) => {
      guardedLookup(strict)('hooks.example.com', { family: 6, all: true }, (_error, address) =>
        resolve(address),
      );
    });
    expect(answer).toEqual([{ address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 }]);
  });

  it('lets an allowlisted name through to its loopback address', async () => {
    const { error, address } = await callLookup({ allowedHosts: ['localhost'], lookup }, 'localhost', true);
    expect(error).toBeNull();
    expect(address).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
  });

  it('passes resolver failures on', async () => {
    const { error } = await callLookup(strict, 'nowhere.example.com', true);
    expect(error?.code).toBe('ENOTFOUND');
  });
});

describe('allowLocalHttp (WEBHOOK_ALLOW_LOCAL_HTTP)', () => {
  const local: TargetPolicy = { allowedHosts: [], allowLocalHttp: true, lookup };
  /** `localhost` as a hosts file might (mis)configure it: one address off this machine. */
  const strayLocalhost: TargetPolicy = {
    allowedHosts: [],
    allowLocalHttp: true,
    lookup: async (host) => (host === 'localhost' ? ['127.0.0.1', '10.0.0.7'] : lookup(host)),
  };

  it.each([
    'http://localhost:4242/webhooks',
    'http://127.0.0.1:4242/',
    'http://[::1]:4242/',
    'http://LOCALHOST./x',
    'https://localhost:4242/',
    'https://127.0.0.1/',
  ])('accepts %s', async (url) => {
    const result = await checkWebhookUrl(url, local);
    expect(result.ok, result.ok ? '' : result.message).toBe(true);
  });

  it.each(['http://localhost:4242/', 'http://127.0.0.1:4242/'])('refuses %s without it', async (url) => {
    expect(await refusal(url)).toBe('The webhook URL must use HTTPS; http: URLs are not accepted.');
  });

  it.each([
    ['http://hooks.example.com/', 'must use HTTPS'],
    ['http://10.0.0.1/', 'must use HTTPS'],
    ['http://127.0.0.2/', 'must use HTTPS'],
    ['https://127.0.0.2/', 'a loopback address'],
    ['https://10.0.0.1/', 'a private-network address'],
    ['https://metadata.example.com/', '169.254.169.254, which is a link-local address'],
    ['ftp://localhost/', 'must use HTTPS'],
    ['http://user:pw@localhost:4242/', 'must not contain a user name'],
  ])('still refuses %s', async (url, message) => {
    expect(await refusal(url, local)).toContain(message);
  });

  it('refuses localhost when it resolves off this machine', async () => {
    expect(await refusal('http://localhost:4242/', strayLocalhost)).toBe(
      'The webhook host localhost resolves to 10.0.0.7, which is not a loopback address; WEBHOOK_ALLOW_LOCAL_HTTP admits only this machine.',
    );
  });

  function callLookup(policy: TargetPolicy, host: string) {
    return new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>(
      (resolve) => {
        guardedLookup(policy)(host, { all: true }, (error, address) => resolve({ error, address }));
      },
    );
  }

  it('lets localhost through the connect-time lookup to its loopback addresses', async () => {
    const { error, address } = await callLookup(local, 'localhost');
    expect(error).toBeNull();
    expect(address).toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
  });

  it('refuses at connect time a localhost that resolves off this machine, and other names as before', async () => {
    const stray = await callLookup(strayLocalhost, 'localhost');
    expect(stray.error?.code).toBe('ERR_WEBHOOK_TARGET_FORBIDDEN');
    expect(stray.error?.message).toContain('10.0.0.7, which is not a loopback address');
    const metadata = await callLookup(local, 'metadata.example.com');
    expect(metadata.error?.code).toBe('ERR_WEBHOOK_TARGET_FORBIDDEN');
  });
});
