// In the near-place chunk (its own module for a default export: the list's lazy() of it costs the
// list's first render the least).
import { useTranslation } from 'react-i18next';
import { useLanguage, useVisitorPlace } from '@city/shared';
import { useServesOnlyUnapplied } from '../hooks/read-near-place';
// Its strings ('directoryNearPlace', both languages), in this chunk.
import '../locales/near-place';

/**
 * Above the list, with "serves my place" ticked: offline, a list never read with the place shows
 * every kept provider, which the filter cannot narrow (read-near-place.ts), and this says so (a
 * live region, like the shell's offline note; empty once a read answers with the place again).
 */
export default function ServesOnlyOfflineNote() {
  const { t } = useTranslation('directoryNearPlace');
  const lang = useLanguage();
  const visitorPlace = useVisitorPlace();
  const unapplied = useServesOnlyUnapplied();
  const place = visitorPlace ? (lang === 'hi' ? (visitorPlace.nameHi ?? visitorPlace.nameEn) : visitorPlace.nameEn) : null;
  return (
    <div role="status" className="directory-results__serves-offline">
      {unapplied && place ? <p className="offline-note">{t('servesOnlyOffline.note', { place })}</p> : null}
    </div>
  );
}
