import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The baseline: a bare node:http server answering every request with the exact bytes the service
 * sent for GET /v1/rates/DE (given base64-encoded in BASELINE_BODY_B64). What Node.js itself can do
 * on this machine; every service figure is read as a ratio to it. Prints `{"url":…}` once listening.
 */
const body = Buffer.from(process.env.BASELINE_BODY_B64 ?? '', 'base64');
if (body.length === 0) {
  process.stderr.write('BASELINE_BODY_B64 is empty\n');
  process.exit(2);
}
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };

const server = createServer((req, res) => {
  // Requests carry no body here; drain anyway so a stray one never stalls the connection.
  req.resume();
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
