import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A real HTTPS webhook receiver, like svix's `TestReceiver`: it records every request and can be
 * told mid-test to answer another status, be slow, redirect, hang up, or stream a huge body.
 * Certificates come from a throw-away CA made with the openssl CLI once per test process.
 */

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body as UTF-8 text, exactly as sent. */
  body: string;
  /** When the whole body had arrived (Date.now()). */
  at: number;
  /** 'aborted' when the client hung up before our answer was fully written. */
  response: 'pending' | 'finished' | 'aborted';
}

export interface ReceiverBehaviour {
  /** Default 200. */
  status: number;
  /** Answer body. Default '{"received":true}'. */
  body: string;
  /** Stream this many bytes of 'x' instead of `body` (for size caps); Infinity streams forever. */
  streamBytes?: number;
  headers: Record<string, string>;
  /** Wait this long after the request body arrived before answering. Default 0. */
  latencyMs: number;
  /** Answer `redirectStatus` (default 302) with this Location. */
  redirectTo?: string;
  redirectStatus: number;
  /** Destroy the socket instead of answering. */
  closeSocket: boolean;
}

export interface Receiver {
  /** https://localhost:PORT/hook */
  readonly url: string;
  readonly port: number;
  /** PEM of the CA that signed the receiver's certificate. */
  readonly ca: string;
  readonly requests: readonly ReceivedRequest[];
  /** Replaces the whole behaviour: fields not given go back to their defaults. */
  respondWith(behaviour: Partial<ReceiverBehaviour>): void;
  /**
   * Resolves with the recorded requests once `predicate` holds; rejects after `timeoutMs` (default
   * 30 s, as `until`: a busy machine slows a test down without failing it).
   */
  waitFor(
    predicate: (requests: readonly ReceivedRequest[]) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedRequest[]>;
  clear(): void;
  close(): Promise<void>;
}

const DEFAULT_BEHAVIOUR: ReceiverBehaviour = {
  status: 200,
  body: '{"received":true}',
  headers: {},
  latencyMs: 0,
  redirectStatus: 302,
  closeSocket: false,
};

export async function startReceiver(
  initial: Partial<ReceiverBehaviour> = {},
  options: { untrusted?: boolean } = {},
): Promise<Receiver> {
  // `untrusted`: a certificate from a CA of its own that nothing trusts (not even NODE_EXTRA_CA_CERTS).
  const tls = options.untrusted ? await makeCertificates() : await testCertificates();
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let behaviour: ReceiverBehaviour = { ...DEFAULT_BEHAVIOUR, ...initial };

  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const record: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        response: 'pending',
      };
      requests.push(record);
      res.on('finish', () => {
        record.response = 'finished';
      });
      res.on('close', () => {
        if (record.response === 'pending') record.response = 'aborted';
      });
      const current = behaviour;
      const answer = () => respond(current, req.socket, res);
      if (current.latencyMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, current.latencyMs);
        timers.add(timer);
      } else {
        answer();
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `https://localhost:${port}/hook`,
    port,
    ca: tls.ca,
    requests,
    respondWith(next) {
      behaviour = { ...DEFAULT_BEHAVIOUR, ...next };
    },
    async waitFor(predicate, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(requests)) {
        if (Date.now() > deadline) {
          throw new Error(`receiver: condition not met within ${timeoutMs} ms (${requests.length} requests)`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return [...requests];
    },
    clear() {
      requests.length = 0;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function respond(behaviour: ReceiverBehaviour, socket: Socket, res: ServerResponse): void {
  if (behaviour.closeSocket) {
    socket.destroy();
    return;
  }
  if (behaviour.redirectTo !== undefined) {
    res.writeHead(behaviour.redirectStatus, { location: behaviour.redirectTo, 'content-type': 'text/plain' });
    res.end(`Moved to ${behaviour.redirectTo}`);
    return;
  }
  if (behaviour.streamBytes !== undefined) {
    streamBody(res, behaviour.status, behaviour.headers, behaviour.streamBytes);
    return;
  }
  res.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers });
  res.end(behaviour.body);
}

/** Writes `total` bytes of 'x' in 16 KiB chunks, respecting back-pressure, until done or closed. */
function streamBody(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  total: number,
): void {
  const chunk = Buffer.alloc(16 * 1024, 'x');
  let left = total;
  res.writeHead(status, { 'content-type': 'text/plain', ...headers });
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      if (!res.write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

interface TestCertificates {
  ca: string;
  key: string;
  cert: string;
}

let certificates: Promise<TestCertificates> | undefined;

/**
 * One CA and one `localhost` leaf per test run, shared by every receiver. The global setup makes
 * them once into VAT_TEST_CERT_DIR and points NODE_EXTRA_CA_CERTS at the CA before the test
 * processes start, so the service's own webhook client trusts the receiver exactly as a customer's
 * private CA would be trusted in production. Without that directory (a lone file run), each
 * process makes its own.
 */
export function testCertificates(): Promise<TestCertificates> {
  const dir = process.env.VAT_TEST_CERT_DIR;
  certificates ??= dir ? readCertificates(dir) : makeCertificates();
  return certificates;
}

async function readCertificates(dir: string): Promise<TestCertificates> {
  const [ca, key, cert] = await Promise.all(
    ['ca.pem', 'leaf.key', 'leaf.pem'].map((name) => readFile(join(dir, name), 'utf8')),
  );
  return { ca, key, cert };
}

/** Writes a fresh CA and leaf into `dir` (ca.pem, leaf.key, leaf.pem) for the whole run. */
export async function writeTestCertificates(dir: string): Promise<void> {
  const made = await makeCertificates();
  await writeFile(join(dir, 'ca.pem'), made.ca);
  await writeFile(join(dir, 'leaf.key'), made.key);
  await writeFile(join(dir, 'leaf.pem'), made.cert);
}

const run = promisify(execFile);

async function makeCertificates(): Promise<TestCertificates> {
  const dir = await mkdtemp(join(tmpdir(), 'vat-webhook-receiver-'));
  // Runs in the temp dir, so every argument is a plain word and the command reads as typed.
  const openssl = (command: string) => run('openssl', command.trim().split(/\s+/), { cwd: dir });
  const serial = () => `0x${randomBytes(8).toString('hex')}`;
  const ecKey = '-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes';
  try {
    await openssl(`req -x509 ${ecKey} -keyout ca.key -out ca.pem -days 2 -set_serial ${serial()}
      -subj /CN=vat-service-webhook-test-CA
      -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign`);
    await openssl(`req -new ${ecKey} -keyout leaf.key -out leaf.csr -subj /CN=localhost`);
    // hooks.example.test lets tests reach the receiver through an injected lookup.
    await writeFile(
      join(dir, 'leaf.ext'),
      [
        'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1,DNS:hooks.example.test',
        'basicConstraints=critical,CA:FALSE',
        'keyUsage=critical,digitalSignature',
        'extendedKeyUsage=serverAuth',
      ].join('\n'),
    );
    await openssl(`x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -set_serial ${serial()} -days 2 -sha256
      -extfile leaf.ext -out leaf.pem`);
    const [ca, key, cert] = await Promise.all(
      ['ca.pem', 'leaf.key', 'leaf.pem'].map((name) => readFile(join(dir, name), 'utf8')),
    );
    return { ca, key, cert };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
