import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateSigningSecret, signWebhook, webhookHeaders } from '../../src/webhooks/sign.js';

// Signatures are checked with the published Standard Webhooks package, never with our own code.

const body = JSON.stringify({ id: 'evt_1', type: 'test', created_at: '2026-01-01T00:00:00.000Z', data: {} });
const nowSeconds = () => Math.floor(Date.now() / 1000);

function verify(secret: string, payload: string, headers: Record<string, string>): unknown {
  return new Webhook(secret).verify(payload, headers);
}

describe('generateSigningSecret', () => {
  it('is whsec_ followed by base64 of 32 random bytes', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
  });

  it('differs on every call', () => {
    const secrets = new Set(Array.from({ length: 50 }, generateSigningSecret));
    expect(secrets.size).toBe(50);
  });
});

describe('signWebhook', () => {
  it('matches the signature the standardwebhooks package computes', () => {
    const secret = generateSigningSecret();
    const timestamp = nowSeconds();
    const theirs = new Webhook(secret).sign('evt_1', new Date(timestamp * 1000), body);
    expect(signWebhook(secret, 'evt_1', timestamp, body)).toBe(theirs);
  });

  it('matches the Standard Webhooks reference vector', () => {
    // From standard-webhooks libraries/javascript/src/webhook.test.ts and the spec examples.
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const payload = '{"test": 2432232314}';
    expect(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, payload)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('refuses a timestamp that is not whole seconds', () => {
    expect(() => signWebhook(generateSigningSecret(), 'evt_1', 1.5, body)).toThrow(RangeError);
  });
});

describe('webhookHeaders', () => {
  it('carries every Standard Webhooks header, our user agent and a JSON content type', () => {
    const secret = generateSigningSecret();
    const timestamp = nowSeconds();
    const headers = webhookHeaders(secret, 'evt_1', timestamp, body);
    expect(headers).toEqual({
      'content-type': 'application/json',
      'webhook-id': 'evt_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
      'user-agent': 'vat-service-webhooks/1',
    });
  });

  it('verifies with the standardwebhooks package', () => {
    const secret = generateSigningSecret();
    const headers = webhookHeaders(secret, 'evt_1', nowSeconds(), body);
    expect(verify(secret, body, headers)).toEqual(JSON.parse(body));
  });

  it('with several secrets, one space-separated signature each, in order; either secret verifies', () => {
    const [current, previous, other] = [
      generateSigningSecret(),
      generateSigningSecret(),
      generateSigningSecret(),
    ];
    const timestamp = nowSeconds();
    const headers = webhookHeaders([current, previous], 'evt_1', timestamp, body);
    expect(headers['webhook-signature']).toBe(
      `${signWebhook(current, 'evt_1', timestamp, body)} ${signWebhook(previous, 'evt_1', timestamp, body)}`,
    );
    expect(verify(current, body, headers)).toEqual(JSON.parse(body));
    expect(verify(previous, body, headers)).toEqual(JSON.parse(body));
    expect(() => verify(other, body, headers)).toThrow(WebhookVerificationError);
  });

  it('verifies a body with non-ASCII text', () => {
    const secret = generateSigningSecret();
    const unicode = JSON.stringify({ name: 'Müller & Søn — Zürich €' });
    expect(verify(secret, unicode, webhookHeaders(secret, 'evt_2', nowSeconds(), unicode))).toEqual(
      JSON.parse(unicode),
    );
  });

  describe('fails verification when', () => {
    it('the receiver holds another secret', () => {
      const headers = webhookHeaders(generateSigningSecret(), 'evt_1', nowSeconds(), body);
      expect(() => verify(generateSigningSecret(), body, headers)).toThrow(WebhookVerificationError);
    });

    it('the body was tampered with', () => {
      const secret = generateSigningSecret();
      const headers = webhookHeaders(secret, 'evt_1', nowSeconds(), body);
      const tampered = body.replace('"test"', '"tset"');
      expect(() => verify(secret, tampered, headers)).toThrow(/No matching signature/);
    });

    it('the id was changed', () => {
      const secret = generateSigningSecret();
      const headers = webhookHeaders(secret, 'evt_1', nowSeconds(), body);
      expect(() => verify(secret, body, { ...headers, 'webhook-id': 'evt_2' })).toThrow(
        /No matching signature/,
      );
    });

    it('the timestamp was changed', () => {
      const secret = generateSigningSecret();
      const timestamp = nowSeconds();
      const headers = webhookHeaders(secret, 'evt_1', timestamp, body);
      // Still inside the package's 5-minute tolerance, so only the signature can fail.
      const changed = { ...headers, 'webhook-timestamp': String(timestamp - 1) };
      expect(() => verify(secret, body, changed)).toThrow(/No matching signature/);
    });
  });
});
