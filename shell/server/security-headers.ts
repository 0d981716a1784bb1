/**
 * Security headers for every page and file the site serves (the shell and each remote, each on
 * its own origin). Production sets the same headers on its static hosts / CDN (README).
 *
 * What the app really loads (checked in Chromium, e2e/tests/reliability.spec.ts):
 * - scripts: its own bundle and each remote's chunks (Module Federation adds <script> tags
 *   pointing at the remotes' origins); no eval; one inline script, the prerender guard in
 *   index.html's <head>, allowed by its hash (the build writes it to dist/prerender.json);
 * - styles: its own and the remotes' CSS files. React `style` props are set through the CSSOM,
 *   which style-src does not govern, so no 'unsafe-inline';
 * - fonts: self-hosted (shell or a remote's build);
 * - data: the Supabase URL (REST, RPC, realtime websocket);
 * - ad media: images and videos under the Supabase URL's /storage/, YouTube through the
 *   privacy-enhanced youtube-nocookie.com player in a frame.
 */

export interface SecurityHeaderInputs {
  /** Origin of the shell (the page every visitor opens). */
  shellOrigin: string;
  /** Origins (or URLs) of the configured remotes, from the current remotes.json. */
  moduleOrigins: readonly string[];
  /** The Supabase project URL from config.json. */
  supabaseUrl: string;
  /** CSP hashes ('sha256-...') of the shell's inline scripts: dist/prerender.json's scriptHashes. */
  inlineScriptHashes?: readonly string[];
}

const YOUTUBE_FRAME_ORIGIN = 'https://www.youtube-nocookie.com';

/** The origin of an http(s) URL, or null for anything else (a bad entry adds nothing). */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

const unique = (xs: readonly (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))];

/** The Content-Security-Policy value: only this site's origins, the Supabase URL and the ad player. */
export function buildContentSecurityPolicy({
  shellOrigin,
  moduleOrigins,
  supabaseUrl,
  inlineScriptHashes = [],
}: SecurityHeaderInputs): string {
  const modules = unique([originOf(shellOrigin), ...moduleOrigins.map(originOf)]);
  const supabase = originOf(supabaseUrl);
  const supabaseWs = supabase ? supabase.replace(/^http/, 'ws') : null;
  // Path-restricted source: only the storage API (ad media), not the rest of the backend.
  const storage = supabase ? `${supabase}/storage/` : null;

  const directives: [string, (string | null)[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...modules, ...inlineScriptHashes.filter((h) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(h))]],
    ['style-src', ["'self'", ...modules]],
    ['font-src', ["'self'", ...modules]],
    ['img-src', ["'self'", 'data:', ...modules, storage]],
    ['media-src', ["'self'", ...modules, storage]],
    ['connect-src', ["'self'", ...modules, supabase, supabaseWs]],
    ['frame-src', [YOUTUBE_FRAME_ORIGIN]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(' ')}`).join('; ');
}

/** Every header the serving layer adds to each response. */
export function securityHeaders(inputs: SecurityHeaderInputs): Record<string, string> {
  return {
    'Content-Security-Policy': buildContentSecurityPolicy(inputs),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Voice search needs the microphone on the page itself, and "Use my location" (the header's
    // place dialog) the position; nothing else, and never in frames.
    'Permissions-Policy': 'microphone=(self), camera=(), geolocation=(self), payment=(), usb=()',
    // Legacy twin of frame-ancestors 'none' for browsers without CSP level 2.
    'X-Frame-Options': 'DENY',
    // Own browsing-context group: a page opened from here (chat links use noopener) cannot reach back.
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * The policy of the service worker script (/sw.js). A worker keeps the policy of the response
 * it was installed from until its bytes change, and remotes.json may point a remote at a new
 * origin in between (a redeploy elsewhere): the worker must still fetch it (its manifest,
 * remote sets, data), so its connect-src is not a list. It runs no markup and loads no other
 * script; the pages' own policy still decides what a page loads and runs.
 */
function buildServiceWorkerPolicy(): string {
  return ["default-src 'none'", "script-src 'self'", 'connect-src *', "base-uri 'none'"].join('; ');
}

/** The headers of /sw.js: the page headers with the worker's policy. */
export function serviceWorkerHeaders(inputs: SecurityHeaderInputs): Record<string, string> {
  return { ...securityHeaders(inputs), 'Content-Security-Policy': buildServiceWorkerPolicy() };
}
