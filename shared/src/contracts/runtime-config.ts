/**
 * Runtime configuration, read at start from `config.json` served beside the shell,
 * so one build serves every deployment (URLs and keys are never baked into bundles).
 */
export interface SocialLinks {
  facebook?: string;
  instagram?: string;
  youtube?: string;
  x?: string;
}

export interface RuntimeConfig {
  /** Supabase project URL, e.g. https://abc.supabase.co or the local server. */
  supabaseUrl: string;
  /** Public (anon) key: safe to ship to browsers; RLS decides what it may do. */
  supabaseAnonKey: string;
  /** Operator's phone, shown in the footer and contact page (10 digits). */
  operatorPhone: string;
  /** Operator's chat-app number with country code, digits only (e.g. 919876543210). */
  operatorWhatsapp: string;
  contactEmail?: string;
  socialLinks: SocialLinks;
}

export class RuntimeConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid runtime configuration: ${problems.join('; ')}`);
    this.name = 'RuntimeConfigError';
  }
}

const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function isHttpUrl(v: unknown): v is string {
  if (!isNonEmptyString(v)) return false;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Validates untrusted JSON into a RuntimeConfig; throws RuntimeConfigError naming every problem. */
export function parseRuntimeConfig(json: unknown): RuntimeConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new RuntimeConfigError(['config.json must contain a JSON object']);
  }
  const o = json as Record<string, unknown>;
  const problems: string[] = [];
  if (!isHttpUrl(o.supabaseUrl)) problems.push('supabaseUrl must be an http(s) URL');
  if (!isNonEmptyString(o.supabaseAnonKey)) problems.push('supabaseAnonKey is required');
  if (!isNonEmptyString(o.operatorPhone) || !/^[0-9]{10}$/.test(o.operatorPhone)) {
    problems.push('operatorPhone must be 10 digits');
  }
  if (!isNonEmptyString(o.operatorWhatsapp) || !/^[0-9]{11,15}$/.test(o.operatorWhatsapp)) {
    problems.push('operatorWhatsapp must be 11-15 digits with country code');
  }
  const social: SocialLinks = {};
  if (o.socialLinks !== undefined) {
    if (typeof o.socialLinks !== 'object' || o.socialLinks === null) {
      problems.push('socialLinks must be an object');
    } else {
      for (const key of ['facebook', 'instagram', 'youtube', 'x'] as const) {
        const v = (o.socialLinks as Record<string, unknown>)[key];
        if (v === undefined || v === '') continue;
        if (isHttpUrl(v)) social[key] = v;
        else problems.push(`socialLinks.${key} must be an http(s) URL`);
      }
    }
  }
  if (o.contactEmail !== undefined && (!isNonEmptyString(o.contactEmail) || !o.contactEmail.includes('@'))) {
    problems.push('contactEmail must be an e-mail address');
  }
  if (problems.length) throw new RuntimeConfigError(problems);
  return {
    supabaseUrl: (o.supabaseUrl as string).replace(/\/+$/, ''),
    supabaseAnonKey: o.supabaseAnonKey as string,
    operatorPhone: o.operatorPhone as string,
    operatorWhatsapp: o.operatorWhatsapp as string,
    ...(isNonEmptyString(o.contactEmail) ? { contactEmail: o.contactEmail } : {}),
    socialLinks: social,
  };
}
