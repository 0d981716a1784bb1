/**
 * @jest-environment node
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { StaticServer } from '../static-server';

const root = mkdtempSync(join(tmpdir(), 'static-'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
writeFileSync(join(root, 'main.0123abcd.js'), 'console.log(1)');
mkdirSync(join(root, 'sub'));
writeFileSync(join(root, 'sub', 'remotes.json'), '{}');
writeFileSync(join(tmpdir(), 'outside-secret.txt'), 'secret');

const server = new StaticServer({
  root,
  port: 38765,
  spaFallback: true,
  routes: { '/config.json': () => ({ type: 'application/json', body: JSON.stringify({ at: 'request time' }) }) },
});

beforeAll(() => server.start());
afterAll(() => server.stop());

const get = (path: string) => fetch(`${server.url}${path}`);

describe('StaticServer', () => {
  it('serves files with their type, long cache for hashed names and CORS for other origins', async () => {
    const res = await get('/main.0123abcd.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers client-side routes with index.html, but a missing asset with 404', async () => {
    const page = await get('/provider/123');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>shell</title>');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('answers client-side routes with the fallback file when there is one, and / with index.html', async () => {
    const shellRoot = mkdtempSync(join(tmpdir(), 'static-shell-'));
    writeFileSync(join(shellRoot, 'index.html'), '<!doctype html><title>home</title>');
    writeFileSync(join(shellRoot, 'shell.html'), '<!doctype html><title>skeleton</title>');
    const withShell = new StaticServer({ root: shellRoot, port: 38766, spaFallback: true, fallbackFile: 'shell.html' });
    await withShell.start();
    try {
      expect(await (await fetch(`${withShell.url}/provider/123`)).text()).toContain('<title>skeleton</title>');
      expect(await (await fetch(`${withShell.url}/?category=plumber`)).text()).toContain('<title>home</title>');
      expect(await (await fetch(`${withShell.url}/`)).text()).toContain('<title>home</title>');
    } finally {
      await withShell.stop();
    }
    // No such file (a build without the prerender step): index.html, as before.
    const page = await get('/contact');
    expect(await page.text()).toContain('<title>shell</title>');
  });

  it('computes dynamic routes per request', async () => {
    expect(await (await get('/config.json')).json()).toEqual({ at: 'request time' });
  });

  it('never serves files outside its root', async () => {
    const res = await get('/..%2F..%2Foutside-secret.txt');
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('secret');
  });

  it('refuses writes', async () => {
    expect((await fetch(`${server.url}/index.html`, { method: 'POST' })).status).toBe(405);
  });

  it('gzips text for clients that accept it, and only for them', async () => {
    const raw = (headers: Record<string, string>) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        request(`${server.url}/main.0123abcd.js`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const zipped = await raw({ 'Accept-Encoding': 'gzip, deflate, br' });
    expect(zipped.encoding).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe('console.log(1)');
    const plain = await raw({});
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe('console.log(1)');
  });

  it('answers a malformed percent-escape with 400 and keeps serving', async () => {
    expect((await get('/%E0%A4')).status).toBe(400);
    expect((await get('/main.0123abcd.js')).status).toBe(200);
  });
});
