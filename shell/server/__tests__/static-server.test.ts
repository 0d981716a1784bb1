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

/** One request on its own connection (no pool: a drained server must refuse a new one). */
const getAlone = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    request(url, { agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });

describe('StaticServer: caching, validators and the request hook', () => {
  it('sends ETags for files and 304 when they match (per encoding); htmlCache for 200 pages only', async () => {
    const done: { path: string; status: number; bytes: number }[] = [];
    const s = new StaticServer({
      root,
      port: 0,
      spaFallback: true,
      htmlCache: 'public, max-age=0, s-maxage=60',
      fallbackRoute: (req) => (req.url === '/gone' ? { status: 404, type: 'text/html; charset=utf-8', body: '<p>not found</p>' } : null),
      routes: { '/page': () => ({ type: 'text/html; charset=utf-8', body: '<p>page</p>' }) },
      onResponse: ({ req, status, bytes }) => done.push({ path: req.url!, status, bytes }),
    });
    await s.start();
    try {
      const js = await getAlone(`${s.url}/main.0123abcd.js`);
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const etag = js.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect((await getAlone(`${s.url}/main.0123abcd.js`, { 'If-None-Match': etag })).status).toBe(304);
      // The gzip body is another representation: its own ETag.
      const zipped = await getAlone(`${s.url}/main.0123abcd.js`, { 'Accept-Encoding': 'gzip' });
      expect(zipped.headers.etag).not.toBe(etag);
      expect((await getAlone(`${s.url}/main.0123abcd.js`, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })).status).toBe(200);

      expect((await getAlone(`${s.url}/`)).headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
      expect((await getAlone(`${s.url}/page`)).headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
      expect((await getAlone(`${s.url}/contact`)).headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
      const gone = await getAlone(`${s.url}/gone`);
      expect([gone.status, gone.headers['cache-control']]).toEqual([404, 'no-cache']);
      expect((await getAlone(`${s.url}/sub/remotes.json`)).headers['cache-control']).toBe('no-cache');

      await getAlone(`${s.url}/page?q=x`);
      // The hook runs when the server side of the response closes: wait for it.
      while (!done.some((d) => d.path === '/page?q=x')) await new Promise((r) => setTimeout(r, 5));
      expect(done.find((d) => d.path === '/page?q=x')).toEqual({ path: '/page?q=x', status: 200, bytes: '<p>page</p>'.length });
      expect(done.find((d) => d.status === 304)).toMatchObject({ bytes: 0 });
    } finally {
      await s.stop();
    }
  });
});

describe('StaticServer: drain (a graceful stop)', () => {
  it('refuses new connections, finishes the request in flight, then resolves', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const inFlight = new Promise<void>((r) => (arrived = r));
    const s = new StaticServer({
      root,
      port: 0,
      routes: {
        '/slow': async () => {
          arrived();
          await gate;
          return { type: 'text/plain; charset=utf-8', body: 'done' };
        },
      },
    });
    await s.start();
    const url = s.url;
    const slow = getAlone(`${url}/slow`);
    await inFlight;
    let drained = false;
    const draining = s.drain(60_000).then(() => (drained = true));
    expect(s.draining).toBe(true);
    await expect(getAlone(`${url}/sub/remotes.json`)).rejects.toThrow(/ECONNREFUSED/);
    expect(drained).toBe(false);
    release();
    const res = await slow;
    expect([res.status, res.body, res.headers.connection]).toEqual([200, 'done', 'close']);
    await draining;
    expect(s.running).toBe(false);
  });

  it('cuts what is still open after the grace period', async () => {
    let arrived!: () => void;
    const inFlight = new Promise<void>((r) => (arrived = r));
    const s = new StaticServer({
      root,
      port: 0,
      routes: {
        '/never': () => {
          arrived();
          return new Promise(() => undefined);
        },
      },
    });
    await s.start();
    const hung = getAlone(`${s.url}/never`);
    hung.catch(() => undefined);
    await inFlight;
    await s.drain(50);
    await expect(hung).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});
