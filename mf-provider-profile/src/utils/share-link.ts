export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Shares a link with the Web Share API; where that is missing (or fails for a reason other
 * than the visitor cancelling) copies the URL to the clipboard instead.
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
  try {
    if (!navigator.clipboard?.writeText) return 'failed';
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The public, shareable address of a profile on the site the visitor is on. */
export const profileUrl = (providerId: string, origin: string = location.origin) => `${origin}/provider/${encodeURIComponent(providerId)}`;
