/**
 * @jest-environment node
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRemotesManifest, parseRuntimeConfig, REMOTE_NAMES } from '@city/shared/contracts';
import { remoteUrlVariable, serveConfigFrom } from '../serve-config';

const dist = mkdtempSync(join(tmpdir(), 'serve-config-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');

/** An anon key as Supabase writes it (a JWT whose payload says role anon); the signature is not checked here. */
const jwt = (payload: object) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(payload)].map((p) => Buffer.from(p).toString('base64url')).join('.') + '.c2ln';
const ANON = jwt({ iss: 'supabase', role: 'anon' });

const VALID = {
  PUBLIC_ORIGIN: 'https://city.example.in',
  SUPABASE_URL: 'https://abcd.supabase.co',
  SUPABASE_ANON_KEY: ANON,
  MF_DIRECTORY_URL: 'https://cdn.example.in/mf-directory/',
  MF_PROVIDER_PROFILE_URL: 'https://cdn.example.in/mf-provider-profile',
  MF_REGISTRATION_URL: 'https://registration.example.in/v7/mf-manifest.json',
  MF_ADS_URL: 'https://ads.example.in',
  MF_ADMIN_URL: 'https://cdn.example.in/mf-admin/',
  OPERATOR_PHONE: '9876543210',
  OPERATOR_WHATSAPP: '919876543210',
};

const problems = (env: Record<string, string | undefined>) => {
  const r = serveConfigFrom(env, dist);
  return r.ok ? [] : r.problems;
};

describe('serveConfigFrom: the production server from the environment', () => {
  it('builds config.json and remotes.json that the browser side accepts, with the defaults', () => {
    const r = serveConfigFrom(VALID, dist);
    if (!r.ok) throw new Error(r.problems.join('\n'));
    const { config } = r;
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      trustProxy: 0,
      shutdownGraceMs: 10_000,
      dist,
      publicOrigin: VALID.PUBLIC_ORIGIN,
    });
    expect(parseRuntimeConfig(config.runtimeConfig)).toEqual(config.runtimeConfig);
    expect(config.runtimeConfig).toEqual({
      supabaseUrl: 'https://abcd.supabase.co',
      supabaseAnonKey: ANON,
      operatorPhone: '9876543210',
      operatorWhatsapp: '919876543210',
      socialLinks: {},
    });
    // A folder gets its mf-manifest.json; a .json URL is taken as it is.
    expect(parseRemotesManifest(config.remotes)).toEqual({
      mf_directory: 'https://cdn.example.in/mf-directory/mf-manifest.json',
      mf_provider_profile: 'https://cdn.example.in/mf-provider-profile/mf-manifest.json',
      mf_registration: 'https://registration.example.in/v7/mf-manifest.json',
      mf_ads: 'https://ads.example.in/mf-manifest.json',
      mf_admin: 'https://cdn.example.in/mf-admin/mf-manifest.json',
    });
  });

  it('takes the optional ones', () => {
    const r = serveConfigFrom(
      {
        ...VALID,
        PORT: '8080',
        HOST: '127.0.0.1',
        TRUST_PROXY: 'true',
        SHUTDOWN_GRACE_SECONDS: '25',
        CONTACT_EMAIL: 'help@city.example.in',
        SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/city',
        SOCIAL_X_URL: 'https://x.com/city',
        SUPABASE_ANON_KEY: 'sb_publishable_abc123',
      },
      dist,
    );
    if (!r.ok) throw new Error(r.problems.join('\n'));
    expect(r.config).toMatchObject({ port: 8080, host: '127.0.0.1', trustProxy: 1, shutdownGraceMs: 25_000 });
    expect(r.config.runtimeConfig).toMatchObject({
      contactEmail: 'help@city.example.in',
      socialLinks: { facebook: 'https://www.facebook.com/city', x: 'https://x.com/city' },
    });
    expect(serveConfigFrom({ ...VALID, TRUST_PROXY: '2' }, dist)).toMatchObject({ ok: true, config: { trustProxy: 2 } });
    expect(serveConfigFrom({ ...VALID, TRUST_PROXY: 'false' }, dist)).toMatchObject({ ok: true, config: { trustProxy: 0 } });
  });

  it('names every missing variable, one line each', () => {
    expect(problems({})).toEqual([
      'PUBLIC_ORIGIN is not set: the address visitors use, e.g. https://city.example.in',
      'SUPABASE_URL is not set: the Supabase project URL, e.g. https://abcd.supabase.co',
      "SUPABASE_ANON_KEY is not set: the project's anon (public) key",
      ...REMOTE_NAMES.map(
        (name) =>
          `${remoteUrlVariable(name)} is not set: the URL ${name}'s build is deployed at (its dist/ folder), e.g. https://cdn.example.in/${name.replace(/_/g, '-')}/`,
      ),
      "OPERATOR_PHONE is not set: the operator's phone shown on the site, 10 digits",
      "OPERATOR_WHATSAPP is not set: the operator's chat-app number with the country code, digits only",
    ]);
    // Blank is missing.
    expect(problems({ ...VALID, SUPABASE_URL: '  ' })).toEqual([
      'SUPABASE_URL is not set: the Supabase project URL, e.g. https://abcd.supabase.co',
    ]);
    expect(REMOTE_NAMES.map(remoteUrlVariable)).toEqual([
      'MF_DIRECTORY_URL',
      'MF_PROVIDER_PROFILE_URL',
      'MF_REGISTRATION_URL',
      'MF_ADS_URL',
      'MF_ADMIN_URL',
    ]);
  });

  it.each([
    ['PORT', '99999', 'PORT must be a port number (0-65535), not "99999"'],
    ['PORT', 'http', 'PORT must be a port number (0-65535), not "http"'],
    [
      'PUBLIC_ORIGIN',
      'https://city.example.in/app',
      'PUBLIC_ORIGIN: The public origin "https://city.example.in/app" must be only scheme, host and port (e.g. https://city.example.in)',
    ],
    [
      'PUBLIC_ORIGIN',
      'city.example.in',
      'PUBLIC_ORIGIN: The public origin "city.example.in" is not a URL (expected e.g. https://city.example.in)',
    ],
    ['PUBLIC_ORIGIN', 'https://me:pw@city.example.in', 'PUBLIC_ORIGIN must not contain a user name or password'],
    ['SUPABASE_URL', 'abcd.supabase.co', 'SUPABASE_URL must be an http(s) URL (the Supabase project URL), not "abcd.supabase.co"'],
    [
      'SUPABASE_URL',
      'http://abcd.supabase.co',
      'SUPABASE_URL must be https, as PUBLIC_ORIGIN is (a browser blocks http from an https page): "http://abcd.supabase.co"',
    ],
    [
      'SUPABASE_URL',
      'https://abcd.supabase.co/rest/v1',
      'SUPABASE_URL must be the project URL without an API path (e.g. https://abcd.supabase.co), not "https://abcd.supabase.co/rest/v1"',
    ],
    ['SUPABASE_URL', 'https://user:secret@abcd.supabase.co', 'SUPABASE_URL must not contain a user name or password'],
    [
      'SUPABASE_ANON_KEY',
      jwt({ role: 'service_role' }),
      'SUPABASE_ANON_KEY is a secret (service role) key, which must never reach a browser: use the anon (public) key',
    ],
    [
      'SUPABASE_ANON_KEY',
      'sb_secret_abc',
      'SUPABASE_ANON_KEY is a secret (service role) key, which must never reach a browser: use the anon (public) key',
    ],
    [
      'SUPABASE_ANON_KEY',
      'anon-key',
      "SUPABASE_ANON_KEY must be the project's anon key (a JWT whose role is anon) or its publishable key (sb_publishable_...)",
    ],
    [
      'MF_ADS_URL',
      'ftp://ads.example.in',
      'MF_ADS_URL must be an http(s) URL (where mf_ads\'s build is deployed), not "ftp://ads.example.in"',
    ],
    [
      'MF_ADS_URL',
      'http://ads.example.in/',
      'MF_ADS_URL must be https, as PUBLIC_ORIGIN is (a browser blocks http from an https page): "http://ads.example.in/"',
    ],
    ['OPERATOR_PHONE', '+91 98765 43210', 'OPERATOR_PHONE must be 10 digits (e.g. 9876543210), not "+91 98765 43210"'],
    [
      'OPERATOR_WHATSAPP',
      '9876543210',
      'OPERATOR_WHATSAPP must be 11-15 digits with the country code (e.g. 919876543210), not "9876543210"',
    ],
    ['CONTACT_EMAIL', 'help', 'CONTACT_EMAIL must be an e-mail address, not "help"'],
    [
      'SOCIAL_YOUTUBE_URL',
      'youtube.com/city',
      'SOCIAL_YOUTUBE_URL must be an http(s) URL (the site\'s youtube page), not "youtube.com/city"',
    ],
    ['TRUST_PROXY', 'yes', 'TRUST_PROXY must be true, false or the number of proxies in front (0-10), not "yes"'],
    ['TRUST_PROXY', '11', 'TRUST_PROXY must be true, false or the number of proxies in front (0-10), not "11"'],
    ['SHUTDOWN_GRACE_SECONDS', '-1', 'SHUTDOWN_GRACE_SECONDS must be a number of seconds (0-300), not "-1"'],
    ['SHELL_DIST', '/nonexistent/dist', 'SHELL_DIST: /nonexistent/dist has no index.html: build the shell first (npm run build)'],
  ])('refuses a malformed %s (%s)', (name, value, message) => {
    expect(problems({ ...VALID, [name]: value })).toEqual([message]);
  });

  it('allows http on loopback (a rehearsal on one machine) and everywhere when the site itself is http', () => {
    expect(problems({ ...VALID, SUPABASE_URL: 'http://127.0.0.1:54321' })).toEqual([]);
    expect(
      problems({ ...VALID, PUBLIC_ORIGIN: 'http://localhost:3000', SUPABASE_URL: 'http://db.lan:8000', MF_ADS_URL: 'http://ads.lan/' }),
    ).toEqual([]);
  });

  it('reports every problem at once', () => {
    expect(problems({ ...VALID, PORT: 'x', OPERATOR_PHONE: '1', TRUST_PROXY: 'maybe' })).toHaveLength(3);
  });
});
