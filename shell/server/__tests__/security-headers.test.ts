/**
 * @jest-environment node
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildContentSecurityPolicy, originOf, securityHeaders, serviceWorkerHeaders } from '../security-headers';
import { StaticServer } from '../static-server';

const inputs = {
  shellOrigin: 'https://city.example.in',
  moduleOrigins: ['https://directory.example.in/mf-manifest.json', 'https://profile.example.in/mf-manifest.json'],
  supabaseUrl: 'https://abc.supabase.co',
};

/** directive name -> its sources. */
const parse = (csp: string) =>
  new Map(
    csp.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ');
      return [name!, sources];
    }),
  );

describe('buildContentSecurityPolicy', () => {
  const csp = parse(buildContentSecurityPolicy(inputs));

  it('allows scripts, styles and fonts only from this site and its configured module origins', () => {
    const expected = ["'self'", 'https://city.example.in', 'https://directory.example.in', 'https://profile.example.in'];
    expect(csp.get('script-src')).toEqual(expected);
    expect(csp.get('style-src')).toEqual(expected);
    expect(csp.get('font-src')).toEqual(expected);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it('lets the page talk to the Supabase URL (REST and realtime) and nowhere else', () => {
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['https://abc.supabase.co', 'wss://abc.supabase.co']));
    expect(csp.get('connect-src')).not.toContain('*');
  });

  it('takes ad images and videos only from the storage path of the Supabase URL, and frames only from youtube-nocookie', () => {
    expect(csp.get('img-src')).toContain('https://abc.supabase.co/storage/');
    expect(csp.get('img-src')).not.toContain('https://abc.supabase.co');
    expect(csp.get('media-src')).toContain('https://abc.supabase.co/storage/');
    expect(csp.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
  });

  it('forbids framing the site, plugins and base-tag hijacking', () => {
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it('follows a changed remotes manifest and ignores entries that are not http(s) URLs', () => {
    const changed = parse(
      buildContentSecurityPolicy({
        ...inputs,
        moduleOrigins: ['http://localhost:3110/mf-manifest.json', 'javascript:alert(1)', 'not a url', 'http://localhost:3110/other.json'],
      }),
    );
    expect(changed.get('script-src')).toEqual(["'self'", 'https://city.example.in', 'http://localhost:3110']);
    expect(changed.get('script-src')).not.toContain('https://directory.example.in');
  });

  it("allows the prerender guard script by its hash, never 'unsafe-inline', and drops anything that is not a sha256 source", () => {
    const scripts = parse(
      buildContentSecurityPolicy({
        ...inputs,
        inlineScriptHashes: ["'sha256-dNUBS1Yg5qfwBLWksgPLkMaFE9iGziqo/zRypv3yzOY='", "'unsafe-inline'", 'https://evil.example'],
      }),
    ).get('script-src');
    expect(scripts).toContain("'sha256-dNUBS1Yg5qfwBLWksgPLkMaFE9iGziqo/zRypv3yzOY='");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain('https://evil.example');
  });

  it('keeps a local http backend as ws:// for realtime', () => {
    expect(parse(buildContentSecurityPolicy({ ...inputs, supabaseUrl: 'http://127.0.0.1:54321' })).get('connect-src')).toContain(
      'ws://127.0.0.1:54321',
    );
  });
});

describe('securityHeaders', () => {
  it('adds nosniff, a strict referrer policy, and allows the microphone (voice search) and the position ("use my location") on the page itself only', () => {
    const h = securityHeaders(inputs);
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(h['Permissions-Policy']).toMatch(/(^|, )microphone=\(self\)/);
    expect(h['Permissions-Policy']).toMatch(/camera=\(\)/);
    expect(h['Permissions-Policy']).toMatch(/(^|, )geolocation=\(self\)(,|$)/);
    expect(h['X-Frame-Options']).toBe('DENY');
  });

  it('originOf keeps only http(s) origins', () => {
    expect(originOf('https://a.example/x/y.json')).toBe('https://a.example');
    expect(originOf('data:text/plain,hi')).toBeNull();
    expect(originOf('')).toBeNull();
  });
});

describe('StaticServer with per-request headers', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(root, 'a.js'), 'console.log(1)');
  let origins = ['http://localhost:4001/mf-manifest.json'];
  const server = new StaticServer({
    root,
    port: 0,
    spaFallback: true,
    headers: () => securityHeaders({ shellOrigin: 'http://localhost:4000', moduleOrigins: origins, supabaseUrl: 'http://127.0.0.1:54321' }),
    routes: { '/config.json': () => ({ type: 'application/json', body: '{}' }) },
  });
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it.each(['/', '/a.js', '/config.json', '/provider/123', '/missing.js'])('sends the headers on %s', async (path) => {
    const res = await fetch(server.url + path);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('computes the policy per request, so a repointed remote is allowed at once', async () => {
    expect((await fetch(server.url)).headers.get('content-security-policy')).toContain('http://localhost:4001');
    origins = ['http://localhost:4999/mf-manifest.json'];
    const csp = (await fetch(server.url)).headers.get('content-security-policy');
    expect(csp).toContain('http://localhost:4999');
    expect(csp).not.toContain('http://localhost:4001');
  });
});

describe('serviceWorkerHeaders', () => {
  it('lets the worker fetch a remote moved to an origin it was not installed with, and nothing else', () => {
    const worker = parse(serviceWorkerHeaders(inputs)['Content-Security-Policy']!);
    expect(worker.get('connect-src')).toEqual(['*']);
    expect(worker.get('default-src')).toEqual(["'none'"]);
    expect(worker.get('script-src')).toEqual(["'self'"]);
    // the other headers are the pages'
    expect(serviceWorkerHeaders(inputs)['X-Frame-Options']).toBe('DENY');
    expect(parse(securityHeaders(inputs)['Content-Security-Policy']!).get('connect-src')).not.toContain('*');
  });
});
