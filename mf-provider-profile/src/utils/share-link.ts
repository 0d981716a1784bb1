export type ShareOutcome = 'shared' | 'cancelled' | 'fallback';

/**
 * Shares a link with the Web Share API. Where that is missing (or fails for a reason other
 * than the visitor cancelling) the caller shows the link with a copy button instead
 * ('fallback'): a copy needs the visitor's own tap, and a toast goes before they can use it.
 */
export async function shareLink({ title, text, url }: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return 'shared';
    } catch (e) {
      if ((e as { name?: string } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  return 'fallback';
}

/** Copies text to the clipboard; false where the browser has no clipboard or refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The public, shareable address of a profile on the site the visitor is on. */
export const profileUrl = (providerId: string, origin: string = location.origin) => `${origin}/provider/${encodeURIComponent(providerId)}`;
