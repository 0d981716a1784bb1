/**
 * The production server's configuration (serve.ts), from the environment only, checked before it
 * starts: every problem found is one line naming the variable, so an operator fixes them all in
 * one go. README.md ("The production server") has the table of variables; keep both in step.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REMOTE_NAMES, type RemoteName, type RemotesManifest, type RuntimeConfig, type SocialLinks } from '@city/shared/contracts';
import { publicOriginOf } from './provider-og';

export interface ServeConfig {
  /** The shell's build (dist/ of `npm run build`). */
  dist: string;
  port: number;
  host: string;
  publicOrigin: string;
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** config.json as served to the browser. */
  runtimeConfig: RuntimeConfig;
  /** remotes.json as served to the browser. */
  remotes: RemotesManifest;
  /** Reverse proxies in front whose X-Forwarded-For is believed (0: none, the default). */
  trustProxy: number;
  /** How long SIGTERM waits for requests in flight before cutting them. */
  shutdownGraceMs: number;
}

/** The variable of a remote's URL: mf_directory -> MF_DIRECTORY_URL (one per entry of remotes.json). */
export const remoteUrlVariable = (name: RemoteName) => `${name.toUpperCase()}_URL`;

const SOCIAL = {
  facebook: 'SOCIAL_FACEBOOK_URL',
  instagram: 'SOCIAL_INSTAGRAM_URL',
  youtube: 'SOCIAL_YOUTUBE_URL',
  x: 'SOCIAL_X_URL',
} as const;

type Env = Record<string, string | undefined>;

/** An http(s) URL, or null. */
function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Loopback hosts, where a browser allows http even from an https page. */
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** What a JWT's payload says its role is (an anon key is one), or null for anything else. */
function jwtRole(key: string): string | null {
  const parts = key.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { role?: unknown };
    return typeof payload.role === 'string' ? payload.role : null;
  } catch {
    return null;
  }
}

/**
 * The configuration, or every problem with it (one line each). `env` is process.env in
 * serve.ts; tests pass their own. `defaultDist`: the shell's build in this checkout.
 */
export function serveConfigFrom(env: Env, defaultDist: string): { ok: true; config: ServeConfig } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const required = (name: string, what: string) => {
    const v = value(name);
    if (v === undefined) problems.push(`${name} is not set: ${what}`);
    return v;
  };

  const dist = resolve(value('SHELL_DIST') ?? defaultDist);
  if (!existsSync(join(dist, 'index.html'))) problems.push(`SHELL_DIST: ${dist} has no index.html: build the shell first (npm run build)`);

  let port = 3000;
  const portValue = value('PORT');
  if (portValue !== undefined) {
    port = Number(portValue);
    if (!/^[0-9]+$/.test(portValue) || port > 65535) problems.push(`PORT must be a port number (0-65535), not "${portValue}"`);
  }
  const host = value('HOST') ?? '0.0.0.0';

  let publicOrigin = '';
  const originValue = required('PUBLIC_ORIGIN', 'the address visitors use, e.g. https://city.example.in');
  const originUrl = originValue === undefined ? null : httpUrl(originValue);
  if (originUrl && (originUrl.username || originUrl.password)) {
    problems.push('PUBLIC_ORIGIN must not contain a user name or password');
  } else if (originValue !== undefined) {
    try {
      publicOrigin = publicOriginOf(originValue);
    } catch (e) {
      problems.push(`PUBLIC_ORIGIN: ${(e as Error).message}`);
    }
  }
  const secure = publicOrigin.startsWith('https:');
  // An https page may load nothing over http (mixed content): the browser would block it.
  const url = (name: string, v: string, what: string): string | null => {
    const parsed = httpUrl(v);
    // Not echoed: the value has a password in it.
    if (parsed && (parsed.username || parsed.password)) {
      problems.push(`${name} must not contain a user name or password`);
      return null;
    }
    if (!parsed || parsed.search || parsed.hash) {
      problems.push(`${name} must be an http(s) URL (${what}), not "${v}"`);
      return null;
    }
    if (secure && parsed.protocol === 'http:' && !isLoopback(parsed)) {
      problems.push(`${name} must be https, as PUBLIC_ORIGIN is (a browser blocks http from an https page): "${v}"`);
      return null;
    }
    return parsed.href;
  };

  const supabaseValue = required('SUPABASE_URL', 'the Supabase project URL, e.g. https://abcd.supabase.co');
  let supabaseUrl = supabaseValue === undefined ? null : url('SUPABASE_URL', supabaseValue, 'the Supabase project URL');
  // The app adds /rest/v1, /auth/v1 and /storage/v1 itself.
  if (supabaseUrl && /\/(rest|auth|storage|realtime)\/v1\b/.test(new URL(supabaseUrl).pathname)) {
    problems.push(`SUPABASE_URL must be the project URL without an API path (e.g. https://abcd.supabase.co), not "${supabaseValue}"`);
    supabaseUrl = null;
  }
  const anonKey = required('SUPABASE_ANON_KEY', "the project's anon (public) key");
  if (anonKey !== undefined) {
    // The key goes to every browser in config.json: a secret key there would hand out the database.
    const role = jwtRole(anonKey);
    if (anonKey.startsWith('sb_secret_') || role === 'service_role') {
      problems.push('SUPABASE_ANON_KEY is a secret (service role) key, which must never reach a browser: use the anon (public) key');
    } else if (role !== 'anon' && !anonKey.startsWith('sb_publishable_')) {
      problems.push(
        "SUPABASE_ANON_KEY must be the project's anon key (a JWT whose role is anon) or its publishable key (sb_publishable_...)",
      );
    }
  }

  // remotes.json: where each remote's build is deployed (its folder, or its mf-manifest.json).
  const remotes = {} as RemotesManifest;
  for (const name of REMOTE_NAMES) {
    const variable = remoteUrlVariable(name);
    const v = required(
      variable,
      `the URL ${name}'s build is deployed at (its dist/ folder), e.g. https://cdn.example.in/${name.replace(/_/g, '-')}/`,
    );
    const href = v === undefined ? null : url(variable, v, `where ${name}'s build is deployed`);
    if (href)
      remotes[name] = /\.json$/.test(new URL(href).pathname)
        ? href
        : new URL('mf-manifest.json', href.endsWith('/') ? href : `${href}/`).href;
  }

  // The operator's contact, shown in the footer and the contact page (config.json).
  const phone = required('OPERATOR_PHONE', "the operator's phone shown on the site, 10 digits");
  if (phone !== undefined && !/^[0-9]{10}$/.test(phone))
    problems.push(`OPERATOR_PHONE must be 10 digits (e.g. 9876543210), not "${phone}"`);
  const whatsapp = required('OPERATOR_WHATSAPP', "the operator's chat-app number with the country code, digits only");
  if (whatsapp !== undefined && !/^[0-9]{11,15}$/.test(whatsapp))
    problems.push(`OPERATOR_WHATSAPP must be 11-15 digits with the country code (e.g. 919876543210), not "${whatsapp}"`);
  const email = value('CONTACT_EMAIL');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email)) problems.push(`CONTACT_EMAIL must be an e-mail address, not "${email}"`);
  const socialLinks: SocialLinks = {};
  for (const [key, variable] of Object.entries(SOCIAL) as [keyof SocialLinks, string][]) {
    const v = value(variable);
    if (v === undefined) continue;
    const href = url(variable, v, `the site's ${key} page`);
    if (href) socialLinks[key] = href;
  }

  let trustProxy = 0;
  const trust = value('TRUST_PROXY');
  if (trust !== undefined && trust !== 'false' && trust !== '0') {
    trustProxy = trust === 'true' ? 1 : Number(trust);
    if (!/^(true|[0-9]+)$/.test(trust) || trustProxy > 10)
      problems.push(`TRUST_PROXY must be true, false or the number of proxies in front (0-10), not "${trust}"`);
  }

  let shutdownGraceMs = 10_000;
  const grace = value('SHUTDOWN_GRACE_SECONDS');
  if (grace !== undefined) {
    shutdownGraceMs = Number(grace) * 1000;
    if (!/^[0-9]+(\.[0-9]+)?$/.test(grace) || shutdownGraceMs > 300_000)
      problems.push(`SHUTDOWN_GRACE_SECONDS must be a number of seconds (0-300), not "${grace}"`);
  }

  if (problems.length > 0) return { ok: false, problems };
  const supabase = supabaseUrl!.replace(/\/+$/, '');
  return {
    ok: true,
    config: {
      dist,
      port,
      host,
      publicOrigin,
      supabaseUrl: supabase,
      supabaseAnonKey: anonKey!,
      runtimeConfig: {
        supabaseUrl: supabase,
        supabaseAnonKey: anonKey!,
        operatorPhone: phone!,
        operatorWhatsapp: whatsapp!,
        ...(email ? { contactEmail: email } : {}),
        socialLinks,
      },
      remotes,
      trustProxy,
      shutdownGraceMs,
    },
  };
}
