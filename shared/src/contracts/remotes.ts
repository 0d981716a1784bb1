/**
 * The shell <-> remote contracts. Each remote's exposed component implements one of these
 * props types and the shell renders it with them, so a breaking change fails type-checking.
 * Services (config, supabase client, i18n, toasts, auth) are not props: they are the
 * singletons exported by @city/shared, shared once per page through Module Federation.
 * A remote's strings are not part of the contract either: each remote adds its own i18n
 * namespace when its code loads (addNamespace), so the shell never needs to know them.
 */

/** Federated container names; keys of remotes.json. */
export const REMOTE_NAMES = ['mf_directory', 'mf_provider_profile', 'mf_registration', 'mf_ads', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** mf_directory/Directory: home page body (banner, search, categories, provider lists). */
export interface DirectoryProps {
  /** Opens the registration module's form. */
  onOpenRegistration: () => void;
}

/** mf_provider_profile/ProviderProfile: the /provider/:id page body. */
export interface ProviderProfileProps {
  providerId: string;
}

/** mf_registration/RegistrationDialog: the free-registration modal. */
export interface RegistrationDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * A catalogue category id the form chooses when nothing was chosen yet: the category list the
   * visitor opened the registration from (an empty category's "register this service").
   */
  category?: string;
}

/** mf_registration/MyListing: the /my-listing page body (a provider's phone sign-in and own listings). */
export type MyListingProps = Record<string, never>;

/** mf_ads/AdsPopup: advertisement popup carousel; renders nothing when there are no ads. */
export type AdsPopupProps = Record<string, never>;

/** mf_admin/AdminLogin: the /admin-login page body. */
export interface AdminLoginProps {
  /** Called after a successful sign-in (the shell navigates to /admin). */
  onSignedIn: () => void;
}

/** mf_admin/AdminPanel: the /admin page body; the shell guarantees a signed-in user. */
export type AdminPanelProps = Record<string, never>;

/** What each remote exposes, and the props of each exposed module. */
export interface RemoteModules {
  'mf_directory/Directory': DirectoryProps;
  'mf_provider_profile/ProviderProfile': ProviderProfileProps;
  'mf_registration/RegistrationDialog': RegistrationDialogProps;
  'mf_registration/MyListing': MyListingProps;
  'mf_ads/AdsPopup': AdsPopupProps;
  'mf_admin/AdminLogin': AdminLoginProps;
  'mf_admin/AdminPanel': AdminPanelProps;
}
export type RemoteModuleId = keyof RemoteModules;

/** remotes.json: container name -> URL of its mf-manifest.json. */
export type RemotesManifest = Record<RemoteName, string>;

export class RemotesManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemotesManifestError';
  }
}

export function parseRemotesManifest(json: unknown): RemotesManifest {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new RemotesManifestError('remotes.json must contain a JSON object');
  }
  const o = json as Record<string, unknown>;
  const out = {} as RemotesManifest;
  const problems: string[] = [];
  for (const name of REMOTE_NAMES) {
    const v = o[name];
    try {
      if (typeof v !== 'string') throw new Error();
      const u = new URL(v);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
      out[name] = v;
    } catch {
      problems.push(`${name} must be the http(s) URL of its mf-manifest.json`);
    }
  }
  if (problems.length) throw new RemotesManifestError(problems.join('; '));
  return out;
}
