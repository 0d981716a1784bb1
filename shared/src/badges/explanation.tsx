// What a badge means, in the visitor's language: "Verified" is what the operator checked and
// when ("शहर सेवा ने 12 नवंबर 2026 को दस्तावेज़ देखे"); "Not verified", that nobody has checked
// yet. Loaded on the first tap of a badge (index.tsx). A card's search result carries only
// `verified`: the day and the method are read from the public row then.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, sendRestRows, useLanguage, type VerificationMethod } from '@city/shared';
import type { BadgeFacts } from '.';
import { addBadgeStrings } from './locales';
import './explanation.css';

addBadgeStrings();

// The order they are said in (the database keeps them sorted by name).
const ORDER: VerificationMethod[] = ['documents', 'visited', 'called'];

type Check = { verified_on: string | null; verified_how: VerificationMethod[] | null };

export default function Explanation({ id, provider, onClose }: { id: string; provider: BadgeFacts; onClose: () => void }) {
  const { t } = useTranslation('badges');
  const lang = useLanguage();
  const ref = useRef<HTMLSpanElement>(null);
  const known = provider.verified_on !== undefined;
  const [check, setCheck] = useState<Check | null | 'error'>(
    known || !provider.verified ? { verified_on: provider.verified_on ?? null, verified_how: provider.verified_how ?? null } : null,
  );

  useEffect(() => {
    if (check !== null) return;
    let live = true;
    sendRestRows<Check>({ table: 'service_providers', query: { select: 'verified_on,verified_how', id: `eq.${provider.id}` } }).then(
      (rows) => live && setCheck(rows[0] ?? 'error'),
      () => live && setCheck('error'),
    );
    return () => {
      live = false;
    };
  }, [check, provider.id]);

  // Escape closes it wherever the focus is inside the badge, and the focus goes back to the badge.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const button = ref.current?.previousElementSibling as HTMLElement | null;
      onClose();
      button?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const app = t('app.name', { ns: 'common' });
  let text: string;
  if (check === null) text = t('loading');
  else if (check === 'error') text = t('error');
  else if (!provider.verified || !check.verified_on || !check.verified_how?.length) text = t('notChecked', { app });
  else {
    const how = new Intl.ListFormat(lang === 'hi' ? 'hi-IN' : 'en-IN', { type: 'conjunction' }).format(
      ORDER.filter((m) => check.verified_how!.includes(m)).map((m) => t(`how.${m}`)),
    );
    const date = formatDate(`${check.verified_on.slice(0, 10)}T00:00:00Z`, lang, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    text = t('checked', { app, date, how });
  }
  return (
    <span ref={ref} id={id} className="ui-badge-explanation" role="status">
      <span>{text}</span>
      <button type="button" className="ui-badge-explanation__close" aria-label={t('close')} onClick={onClose}>
        ×
      </button>
    </span>
  );
}
