import { useTranslation } from 'react-i18next';
import { formatDate, useLanguage, useOfflineSavedAt } from '@city/shared';

/**
 * "You are offline. Showing what was saved on DATE": shown while the page shows data the
 * service worker kept from an earlier visit (docs/offline.md); nothing otherwise.
 */
export function OfflineNote() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const savedAt = useOfflineSavedAt();
  if (!savedAt) return null;
  return (
    <p className="offline-note" role="status">
      {t('offline.savedOn', { date: formatDate(savedAt, lang, { dateStyle: 'medium', timeStyle: 'short' }) })}
    </p>
  );
}
