import { type ApiAnswer, callService, refusalOf, type ServiceClient } from './service-client.js';

/**
 * The webhook endpoint of one `webhooks listen` session, through the service's API: added with a
 * lease (`expires_in`), renewed every third of it, replaced when it expired meanwhile (the machine
 * slept, the service was away), removed at the end. One left by a process that died expires by
 * itself: the service ignores it from then on and sweeps its row.
 */

export const TEMPORARY_DESCRIPTION =
  'Temporary endpoint of `vat-service webhooks listen` (removed when it stops)';
const LOCAL_HTTP_HINT =
  'Start the service with WEBHOOK_ALLOW_LOCAL_HTTP=true (development only) so that it accepts webhook URLs on this machine.';

export interface LeaseSettings {
  client: ServiceClient;
  leaseSeconds: number;
  /** Kinds to subscribe to; undefined: every kind. */
  events?: string[];
}

export interface Endpoint {
  id: string;
  secret: string;
  events: string[];
  expiresAt: string;
}

export class TemporaryEndpoint {
  private constructor(
    private readonly settings: LeaseSettings,
    /** Where it points: the session's listener. */
    private readonly url: string,
    private endpoint: Endpoint,
  ) {}

  /** POST /v1/webhooks/endpoints; throws a clear failure when the service refuses it. */
  static async add(settings: LeaseSettings, url: string): Promise<TemporaryEndpoint> {
    return new TemporaryEndpoint(settings, url, await create(settings, url));
  }

  get current(): Endpoint {
    return this.endpoint;
  }

  /** Renews the lease every third of its length until the returned function is called. */
  keepAlive(on: { replaced(endpoint: Endpoint): void; failed(message: string): void }): () => void {
    const { client, leaseSeconds } = this.settings;
    const renew = async () => {
      const path = `/v1/webhooks/endpoints/${this.endpoint.id}`;
      try {
        const answer = await callService(client, 'PATCH', path, { expires_in: leaseSeconds });
        if (answer.status === 200) return;
        if (answer.status !== 404) throw refusalOf(client, `PATCH ${path}`, answer);
        this.endpoint = await create(this.settings, this.url);
        on.replaced(this.endpoint);
      } catch (error) {
        on.failed((error as Error).message);
      }
    };
    const timer = setInterval(() => void renew(), (leaseSeconds * 1000) / 3);
    return () => clearInterval(timer);
  }

  /** DELETE it: undefined once removed (or gone already), else why not. */
  async remove(): Promise<string | undefined> {
    const { client } = this.settings;
    try {
      const answer = await callService(client, 'DELETE', `/v1/webhooks/endpoints/${this.endpoint.id}`);
      if (answer.status === 200 || answer.status === 404) return undefined;
      return refusalOf(client, 'DELETE', answer).message;
    } catch (error) {
      return (error as Error).message;
    }
  }
}

async function create(settings: LeaseSettings, url: string): Promise<Endpoint> {
  const { client } = settings;
  const answer = await callService(client, 'POST', '/v1/webhooks/endpoints', {
    url,
    description: TEMPORARY_DESCRIPTION,
    expires_in: settings.leaseSeconds,
    ...(settings.events ? { events: settings.events } : {}),
  });
  if (answer.status === 201) {
    const { id, signing_secret, events, expires_at } = answer.body.data;
    return { id, secret: signing_secret, events, expiresAt: expires_at };
  }
  throw refusal422(client, url, answer) ?? refusalOf(client, 'POST /v1/webhooks/endpoints', answer);
}

/** What a 422 means here: the service does not take local URLs, or --events names unknown kinds. */
function refusal422(client: ServiceClient, url: string, answer: ApiAnswer): Error | undefined {
  if (answer.status !== 422) return undefined;
  const message: string = answer.body?.error?.message ?? 'HTTP 422';
  if (message.startsWith('url:')) {
    return new Error(`The service refused the local URL ${url}: ${message}\n${LOCAL_HTTP_HINT}`);
  }
  if (message.startsWith('events:')) return new Error(`The service refused --events: ${message}`);
  return new Error(`The service refused the endpoint (${client.service}): ${message}`);
}
