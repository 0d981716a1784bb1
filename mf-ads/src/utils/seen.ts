/** "Shown once per visit": a flag in sessionStorage (per tab, cleared when the tab closes). */
export const ADS_SEEN_KEY = 'city.ads.seen';

// Used only when storage is unavailable, so the popup still does not reopen on every
// navigation back to the home page.
let seenWithoutStorage = false;

export function wasSeenThisVisit(): boolean {
  if (seenWithoutStorage) return true;
  try {
    return sessionStorage.getItem(ADS_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

export function markSeenThisVisit(): void {
  try {
    sessionStorage.setItem(ADS_SEEN_KEY, '1');
  } catch {
    seenWithoutStorage = true;
  }
}
