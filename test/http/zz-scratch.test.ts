import { it } from 'vitest';
import { startTestApp } from '../helpers/harness.js';
it('x', async () => {
  const app = await startTestApp({ name: 'sqlite' }, { env: { VIES_URL: 'http://127.0.0.1:9' } });
  const acc = await app.account('pro');
  const show = (label: string, r: any, n = 3000) => console.log(label, r.status, JSON.stringify(Object.fromEntries(r.headers)), r.text.slice(0, n));
  show('docs', await app.request('GET', '/docs'));
  show('init', await app.request('GET', '/docs/static/swagger-initializer.js'));
  show('json', await app.request('GET', '/docs/json'), 200);
  show('longparam', await app.request('GET', `/v1/rates/${'A'.repeat(150)}`, { key: acc.test }));
  show('redir', await app.request('GET', '/docs/'), 300);
  show('openapi', await app.request('GET', '/openapi.json'), 200);
  const o = (await app.request('GET', '/openapi.json')).body;
  console.log(Object.keys(o.paths), JSON.stringify(o.paths['/v1/validate/batch']).slice(0, 1500));
  await app.close();
});
