import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { startTestApp } from '../helpers/harness.js';
it('dump', async () => {
  const app = await startTestApp({ name: 'sqlite' });
  const res = await app.request('GET', '/openapi.json');
  writeFileSync('/tmp/openapi.json', JSON.stringify(res.body, null, 2));
  await app.close();
});
