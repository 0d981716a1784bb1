// `@city/shared/badges`: a listing's "verified" / "not verified" badge as a button that explains
// itself (issue 28). A subpath of its own, never in the package's root (the singleton every page
// loads whole): each module bundles this small button into its first render, and the
// explanation with its strings is a chunk loaded on the first tap (docs/performance.md).
import { lazy, Suspense, useId, useState } from 'react';
import type { VerificationMethod } from '@city/shared';

const Explanation = lazy(() => import(/* webpackChunkName: "badge-explanation" */ './explanation'));

export interface BadgeFacts {
  id: string;
  verified: boolean;
  /** The operator's check, when the caller has it (the profile); a card's badge fetches it. */
  verified_on?: string | null;
  verified_how?: VerificationMethod[] | null;
}

/** The badge: a real button (keyboard, screen reader) that shows or hides its explanation. */
export function BadgeButton({ provider, align = 'start', children }: { provider: BadgeFacts; align?: 'start' | 'end'; children: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className={`ui-badge-explained ui-badge-explained--${align}`}>
      <button
        type="button"
        className={`ui-badge ui-badge--${provider.verified ? 'success' : 'neutral'} ui-badge-button`}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        {children}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <Explanation id={id} provider={provider} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </span>
  );
}
