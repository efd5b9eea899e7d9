import { KEY_PATTERN } from '../accounts/keys.js';
import { type CommandContext, type OptionSpec, UsageError } from './command.js';

/**
 * The running service's API as the `webhooks` commands call it: with an account's key, never its
 * database, as a customer's script would. Failures come back as errors that say what to do.
 */

export const DEFAULT_SERVICE_URL = 'http://localhost:3000';
const TIMEOUT_MS = 10_000;

export const CLIENT_OPTIONS: Record<string, OptionSpec> = {
  key: {
    type: 'string',
    value: 'KEY',
    description: 'an API key of the account (default: $VAT_SERVICE_KEY)',
  },
  url: {
    type: 'string',
    value: 'URL',
    description: `the running service (default ${DEFAULT_SERVICE_URL})`,
  },
};

export interface ServiceClient {
  key: string;
  /** The key's mode, from its prefix. */
  keyMode: 'test' | 'live';
  /** The base URL, without a trailing slash. */
  service: string;
  /** How to start the service, for the error when it cannot be reached. */
  startCommand: string;
}

export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the service's JSON envelope, read by member
  body: any;
}

/**
 * --key (or VAT_SERVICE_KEY) and --url, checked: a bad one is a usage error (exit 2).
 * `startCommand` is what the command needs the service started with (the webhook commands need
 * local webhook URLs allowed).
 */
export function serviceClientOf(
  { option, env }: CommandContext,
  startCommand = 'vat-service serve',
): ServiceClient {
  const key = option('key') ?? env.VAT_SERVICE_KEY;
  if (key === undefined || key === '') throw new UsageError('--key is required (or set VAT_SERVICE_KEY)');
  const keyMode = KEY_PATTERN.exec(key)?.[1];
  if (keyMode !== 'test' && keyMode !== 'live')
    throw new UsageError('--key is not a vat-service API key (svc_test_… or svc_live_…)');
  const service = option('url') ?? DEFAULT_SERVICE_URL;
  let parsed: URL;
  try {
    parsed = new URL(service);
  } catch {
    throw new UsageError(
      `--url must be the service's base URL, e.g. ${DEFAULT_SERVICE_URL}; got '${service}'`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`--url must be an http:// or https:// URL; got '${service}'`);
  }
  return { key, keyMode, service: service.replace(/\/+$/, ''), startCommand };
}

/** One API call; throws when the service cannot be reached. */
export async function callService(
  client: ServiceClient,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  let response: Response;
  try {
    response = await fetch(`${client.service}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${client.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new Error(
      `Could not reach the service at ${client.service} (${why}). Is it running? Start it with ${client.startCommand}, or pass --url.`,
    );
  }
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: undefined };
  }
}

/** The error for a refused call: the key, the tier, or the service's own code and message. */
export function refusalOf(client: ServiceClient, request: string, answer: ApiAnswer): Error {
  const code: string | undefined = answer.body?.error?.code;
  const message: string = answer.body?.error?.message ?? `HTTP ${answer.status}`;
  if (answer.status === 401) {
    return new Error(
      `The service refused the key (401 ${code ?? ''}): check --key or VAT_SERVICE_KEY, and --url.`,
    );
  }
  if (code === 'tier_insufficient') {
    const what = request.includes('/v1/decisions') ? 'Decisions need' : 'Webhooks need';
    return new Error(`${message} ${what} the pro tier or above: vat-service accounts set-tier ID pro`);
  }
  return new Error(`${request} on ${client.service} answered ${answer.status} ${code ?? ''}: ${message}`);
}
