/**
 * The project's one configuration, `supabase/config.toml` (the Supabase CLI's format: what
 * `supabase config push` applies to the hosted project), read the way the CLI reads it:
 * the CLI's default for every key the file leaves out, `env(NAME)` values taken from the
 * environment, and any key overridden by an environment variable `SUPABASE_<KEY PATH>`
 * with dots as underscores (the CLI's viper AutomaticEnv), e.g.
 * `SUPABASE_AUTH_RATE_LIMIT_SMS_SENT=100000` or `SUPABASE_AUTH_SMS_ENABLE_SIGNUP=false`.
 * The local server's GoTrue and Storage take their behaviour from what this returns.
 *
 * Two settings the CLI's format cannot hold (its decoder refuses unknown keys, and it pushes
 * neither): the SMS code's length and lifetime (`sms_otp_length`, `sms_otp_exp` of the
 * Management API). They are HOSTED_ONLY below, set on the hosted project by the README's
 * production step, and overridable locally like the rest (SUPABASE_AUTH_SMS_OTP_EXP,
 * SUPABASE_AUTH_SMS_OTP_LENGTH).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PACKAGE_DIR } from './paths.ts';

/** `supabase/config.toml`. */
export const CONFIG_FILE = join(PACKAGE_DIR, 'config.toml');

/** Settings of the hosted project that config.toml cannot declare (see the file comment). */
const HOSTED_ONLY = { sms_otp_exp: 300, sms_otp_length: 6 } as const;

export interface BucketConfig {
  public: boolean;
  /** Bytes. */
  fileSizeLimit: number;
  /** Empty: any type. */
  allowedMimeTypes: string[];
}

export interface ProjectConfig {
  api: { maxRows: number };
  auth: {
    /** [auth] enable_signup (GoTrue DISABLE_SIGNUP = !this): every new user, phone ones included. */
    enableSignup: boolean;
    jwtExpiry: number;
    enableRefreshTokenRotation: boolean;
    /** Seconds a rotated refresh token may still be used (two tabs refreshing together). */
    refreshTokenReuseInterval: number;
    minimumPasswordLength: number;
    email: {
      /** [auth.email] enable_signup = GoTrue EXTERNAL_EMAIL_ENABLED: the whole e-mail provider (sign-up AND sign-in). */
      enableSignup: boolean;
      enableConfirmations: boolean;
      /** [auth.email.smtp] enabled: without it the hosted project mails only its team's addresses. */
      smtpEnabled: boolean;
    };
    sms: {
      /** [auth.sms] enable_signup = GoTrue EXTERNAL_PHONE_ENABLED: the whole phone provider. */
      enableSignup: boolean;
      /** GoTrue SMS_AUTOCONFIRM = !this. */
      enableConfirmations: boolean;
      template: string;
      maxFrequencySeconds: number;
      otpLength: number;
      otpExpirySeconds: number;
    };
    rateLimit: {
      /** Project-wide SMS per hour (GoTrue RATE_LIMIT_SMS_SENT). */
      smsSent: number;
      /** Per address per 5 min: /otp, /signup, /resend, PUT /user (GoTrue RATE_LIMIT_OTP). */
      signInSignUps: number;
      /** Per address per 5 min: /verify (GoTrue RATE_LIMIT_VERIFY). */
      tokenVerifications: number;
      /** Per address per 5 min: /token, every grant (GoTrue RATE_LIMIT_TOKEN_REFRESH). */
      tokenRefresh: number;
    };
  };
  storage: {
    /** [storage] file_size_limit: the largest object of any bucket. */
    fileSizeLimit: number;
    buckets: Record<string, BucketConfig>;
  };
}

class ConfigError extends Error {}

type Toml = Record<string, unknown>;

const requireHere = createRequire(join(PACKAGE_DIR, 'package.json'));

function parseToml(text: string, file: string): Toml {
  let mod: { parse: (s: string) => Toml };
  try {
    mod = requireHere('smol-toml') as { parse: (s: string) => Toml };
  } catch {
    throw new ConfigError(
      `cannot read ${file}: the TOML parser smol-toml is not installed (it is in supabase/package.json; run npm install at the repository root)`,
    );
  }
  try {
    return mod.parse(text);
  } catch (e) {
    throw new ConfigError(`${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Go's time.ParseDuration for what config.toml uses: "60s", "1m30s", "1h", "500ms". Seconds. */
function parseDuration(s: string): number {
  const t = s.trim();
  if (t === '0') return 0;
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/gy;
  let total = 0;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(t)) !== null) {
    const n = Number(m[1]);
    total += m[2] === 'ms' ? n / 1000 : m[2] === 's' ? n : m[2] === 'm' ? n * 60 : n * 3600;
    end = re.lastIndex;
  }
  if (end === 0 || end !== t.length) throw new ConfigError(`not a duration: "${s}" (use e.g. "60s", "5m", "1h")`);
  return total;
}

/** docker/go-units RAMInBytes, as the CLI's sizeInBytes: "1MiB" = "1MB" = 1048576 (binary units). */
function parseSize(v: unknown): number {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (typeof v === 'bigint') return Number(v);
  const m = typeof v === 'string' ? /^(\d+(?:\.\d+)?) ?([kKmMgGtTpP])?[iI]?[bB]?$/.exec(v.trim()) : null;
  if (!m) throw new ConfigError(`not a size: ${JSON.stringify(v)} (use e.g. "1MiB", "500KiB")`);
  const power = m[2] ? 'kmgtp'.indexOf(m[2].toLowerCase()) + 1 : 0;
  return Math.floor(Number(m[1]) * 1024 ** power);
}

/** `env(NAME)` -> the variable's value (left as written when it is not set, as the CLI does). */
function substituteEnv(v: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof v !== 'string') return v;
  const m = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(v.trim());
  return m && env[m[1]!] !== undefined ? env[m[1]!] : v;
}

class Reader {
  constructor(
    private readonly raw: Toml,
    private readonly env: NodeJS.ProcessEnv,
    private readonly file: string,
  ) {}

  private lookup(path: string): unknown {
    const fromEnv = this.env[`SUPABASE_${path.toUpperCase().replace(/\./g, '_')}`];
    if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
    let v: unknown = this.raw;
    for (const part of path.split('.')) {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
      v = (v as Toml)[part];
    }
    return substituteEnv(v, this.env);
  }

  bool(path: string, dflt: boolean): boolean {
    const v = this.lookup(path);
    if (v === undefined) return dflt;
    if (typeof v === 'boolean') return v;
    if (v === 'true') return true;
    if (v === 'false') return false;
    throw new ConfigError(`${this.file}: ${path} must be true or false, not ${JSON.stringify(v)}`);
  }

  uint(path: string, dflt: number): number {
    const v = this.lookup(path);
    if (v === undefined) return dflt;
    const n = typeof v === 'bigint' ? Number(v) : typeof v === 'string' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
      throw new ConfigError(`${this.file}: ${path} must be a whole number, not ${JSON.stringify(String(v))}`);
    }
    return n;
  }

  str(path: string, dflt: string): string {
    const v = this.lookup(path);
    if (v === undefined) return dflt;
    if (typeof v !== 'string') throw new ConfigError(`${this.file}: ${path} must be a string`);
    return v;
  }

  duration(path: string, dflt: string): number {
    const v = this.lookup(path);
    try {
      return parseDuration(v === undefined ? dflt : String(v));
    } catch (e) {
      throw new ConfigError(`${this.file}: ${path}: ${(e as Error).message}`);
    }
  }

  size(path: string, dflt: string): number {
    const v = this.lookup(path);
    try {
      return parseSize(v === undefined ? dflt : v);
    } catch (e) {
      throw new ConfigError(`${this.file}: ${path}: ${(e as Error).message}`);
    }
  }

  keys(path: string): string[] {
    const v = this.lookup(path);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v) : [];
  }

  strings(path: string): string[] {
    const v = this.lookup(path);
    if (v === undefined) return [];
    if (typeof v === 'string')
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    if (Array.isArray(v) && v.every((s) => typeof s === 'string')) return v as string[];
    throw new ConfigError(`${this.file}: ${path} must be a list of strings`);
  }
}

/**
 * Reads config.toml (default: supabase/config.toml). Defaults are the CLI's (its template
 * config.toml and config struct) for what the file leaves out.
 */
export function loadProjectConfig(file: string = CONFIG_FILE, env: NodeJS.ProcessEnv = process.env): ProjectConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const r = new Reader(parseToml(text, file), env, file);
  const buckets: Record<string, BucketConfig> = {};
  for (const name of r.keys('storage.buckets')) {
    const p = `storage.buckets.${name}`;
    buckets[name] = {
      public: r.bool(`${p}.public`, false),
      fileSizeLimit: r.size(`${p}.file_size_limit`, '0'),
      allowedMimeTypes: r.strings(`${p}.allowed_mime_types`).map((t) => t.toLowerCase()),
    };
  }
  const config: ProjectConfig = {
    api: { maxRows: r.uint('api.max_rows', 1000) },
    auth: {
      enableSignup: r.bool('auth.enable_signup', true),
      jwtExpiry: r.uint('auth.jwt_expiry', 3600),
      enableRefreshTokenRotation: r.bool('auth.enable_refresh_token_rotation', true),
      refreshTokenReuseInterval: r.uint('auth.refresh_token_reuse_interval', 10),
      minimumPasswordLength: r.uint('auth.minimum_password_length', 6),
      email: {
        enableSignup: r.bool('auth.email.enable_signup', true),
        enableConfirmations: r.bool('auth.email.enable_confirmations', false),
        smtpEnabled: r.keys('auth.email.smtp').length > 0 && r.bool('auth.email.smtp.enabled', true),
      },
      sms: {
        enableSignup: r.bool('auth.sms.enable_signup', false),
        enableConfirmations: r.bool('auth.sms.enable_confirmations', false),
        template: r.str('auth.sms.template', 'Your code is {{ .Code }}'),
        maxFrequencySeconds: r.duration('auth.sms.max_frequency', '5s'),
        // Not config.toml keys (see HOSTED_ONLY); only the environment overrides them.
        otpLength: Number(env.SUPABASE_AUTH_SMS_OTP_LENGTH || HOSTED_ONLY.sms_otp_length),
        otpExpirySeconds: Number(env.SUPABASE_AUTH_SMS_OTP_EXP || HOSTED_ONLY.sms_otp_exp),
      },
      rateLimit: {
        smsSent: r.uint('auth.rate_limit.sms_sent', 30),
        signInSignUps: r.uint('auth.rate_limit.sign_in_sign_ups', 30),
        tokenVerifications: r.uint('auth.rate_limit.token_verifications', 30),
        tokenRefresh: r.uint('auth.rate_limit.token_refresh', 150),
      },
    },
    storage: { fileSizeLimit: r.size('storage.file_size_limit', '50MiB'), buckets },
  };
  const { otpLength, otpExpirySeconds } = config.auth.sms;
  // GoTrue's own bounds: a length outside 6-10 becomes 6; an expiry of 0 becomes 60 s.
  if (!Number.isInteger(otpLength) || otpLength < 6 || otpLength > 10) config.auth.sms.otpLength = 6;
  if (!Number.isFinite(otpExpirySeconds) || otpExpirySeconds <= 0) config.auth.sms.otpExpirySeconds = 60;
  if (!/\{\{\s*\.Code\s*\}\}/.test(config.auth.sms.template)) {
    throw new ConfigError(`${file}: auth.sms.template must contain {{ .Code }}`);
  }
  return config;
}
