import type { SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from '../config/runtime-config-store';
import { offlineAwareFetch } from '../offline/offline-store';

/**
 * Where supabase-js keeps the session (localStorage). Explicit, so the page can tell whether a
 * session is stored without loading supabase-js (see hasStoredSession). It ends in
 * '-auth-token' like supabase-js's default keys (the e2e suite finds the session that way).
 */
export const AUTH_STORAGE_KEY = 'city-auth-token';

/** One supabase-js client (and so one auth session) for the whole page. */
let client: SupabaseClient | null = null;
let creating: Promise<SupabaseClient> | null = null;
let supabaseModule: Promise<typeof import('@supabase/supabase-js')> | null = null;
const clientListeners = new Set<(client: SupabaseClient) => void>();

/**
 * supabase-js itself, downloaded on first use (it is a shared federation singleton: the
 * dynamic import takes the page's one shared copy). A failed download is retried next time.
 */
function loadSupabaseModule(): Promise<typeof import('@supabase/supabase-js')> {
  supabaseModule ??= import(/* webpackChunkName: "supabase" */ '@supabase/supabase-js').catch((e: unknown) => {
    supabaseModule = null;
    throw e;
  });
  return supabaseModule;
}

/** Starts downloading supabase-js without creating the client (needs no configuration yet). */
export function preloadSupabase(): void {
  loadSupabaseModule().catch(() => undefined);
}

function installClient(next: SupabaseClient): void {
  client = next;
  for (const listener of [...clientListeners]) listener(next);
}

/**
 * The page's client, created on first use: supabase-js is not part of the first render.
 * Needs the runtime configuration (loadRuntimeConfig) to have been loaded.
 */
export function getSupabase(): Promise<SupabaseClient> {
  if (client) return Promise.resolve(client);
  if (!creating) {
    const attempt = createPageClient();
    creating = attempt;
    // Settled either way: the next call returns the client, or tries again after a failure.
    attempt.then(
      () => (creating = null),
      () => (creating = null),
    );
  }
  return creating;
}

async function createPageClient(): Promise<SupabaseClient> {
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  adoptLegacySession(supabaseUrl);
  const { createClient } = await loadSupabaseModule();
  // A client injected meanwhile (setSupabaseClient) wins.
  if (!client) {
    installClient(
      createClient(supabaseUrl, supabaseAnonKey, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, storageKey: AUTH_STORAGE_KEY },
        // Notes answers the service worker kept from an earlier visit (the "offline, saved on" note).
        global: { fetch: offlineAwareFetch },
      }),
    );
  }
  return client!;
}

/**
 * Calls `listener` with the page's client as soon as it exists (at once if it already does),
 * whoever creates it, and again if a test replaces it. Never creates the client itself.
 * Returns a function that stops listening.
 */
export function whenSupabaseClient(listener: (client: SupabaseClient) => void): () => void {
  clientListeners.add(listener);
  if (client) listener(client);
  return () => {
    clientListeners.delete(listener);
  };
}

/** Whether the page's supabase-js client exists already (created by a call, or injected). */
export function hasSupabaseClient(): boolean {
  return client !== null;
}

/** Whether a signed-in session is stored in this browser (read without loading supabase-js). */
export function hasStoredSession(): boolean {
  try {
    adoptLegacySession(getRuntimeConfig().supabaseUrl);
  } catch {
    // No configuration yet: only the explicit key can be checked.
  }
  try {
    return localStorage.getItem(AUTH_STORAGE_KEY) !== null;
  } catch {
    return false; // storage blocked: supabase-js cannot have stored one either
  }
}

/**
 * Whether the stored session is a phone session (a visitor who rated or reviewed, a provider),
 * not an operator's: its reads of public data are the public's. Read without loading supabase-js.
 */
export function hasStoredPhoneSession(): boolean {
  try {
    // supabase-js's stored JSON, read as text: a phone in the user, no operator role.
    const stored = localStorage.getItem(AUTH_STORAGE_KEY) ?? '';
    return /"phone":"\d/.test(stored) && !/"role":"admin"/.test(stored);
  } catch {
    return false;
  }
}

/**
 * Sessions saved before AUTH_STORAGE_KEY existed are under supabase-js's default key
 * (sb-<first label of the host>-auth-token): move such a session once, so nobody is signed out.
 */
function adoptLegacySession(supabaseUrl: string): void {
  try {
    const legacyKey = `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
    const legacy = localStorage.getItem(legacyKey);
    if (legacy === null) return;
    if (localStorage.getItem(AUTH_STORAGE_KEY) === null) localStorage.setItem(AUTH_STORAGE_KEY, legacy);
    localStorage.removeItem(legacyKey);
  } catch {
    // Bad URL or storage blocked: nothing to move.
  }
}

/** Tests and harnesses inject their own client (e.g. one pointed at a test server). */
export function setSupabaseClient(next: SupabaseClient | null): void {
  if (next) installClient(next);
  else client = null;
}
