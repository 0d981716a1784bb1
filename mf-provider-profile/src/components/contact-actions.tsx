import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, telHref, trackClick, whatsappHref } from '@city/shared';
import type { Provider } from '../api';
import { profileUrl, shareLink } from '../utils/share-link';

// Where the Share API is missing, the link with a copy button (share-panel.tsx): its own chunk,
// fetched when the share button is pointed at, focused or pressed, never for the first render.
const loadSharePanel = () => import('./share-panel');
const SharePanel = lazy(loadSharePanel);
const prefetchSharePanel = () => void loadSharePanel().catch(() => undefined);

/**
 * Call, chat-app message and share. Tracking never delays or blocks the call or chat. When
 * several signed-in people reported the number as wrong or closed (number_caution), a plain
 * line says so beside the call button: a note, not an alarm.
 */
export function ContactActions({ provider: p }: { provider: Provider }) {
  const { t } = useTranslation('profile');
  const [panelUrl, setPanelUrl] = useState<string | null>(null);
  const shareButton = useRef<HTMLButtonElement>(null);

  const onShare = async () => {
    const url = profileUrl(p.id);
    prefetchSharePanel();
    const outcome = await shareLink({ title: p.name, text: t('contact.shareText', { name: p.name }), url });
    if (outcome === 'fallback') setPanelUrl(url);
  };
  const closePanel = () => {
    setPanelUrl(null);
    shareButton.current?.focus();
  };

  return (
    <section className="provider-profile__card" aria-labelledby="provider-profile-contact">
      <h2 id="provider-profile-contact" className="visually-hidden">
        {t('contact.heading')}
      </h2>
      <div className="provider-profile__actions">
        <a className="ui-button ui-button--primary" href={telHref(p.mobile)} onClick={() => trackClick(p.id, 'call')}>
          <span aria-hidden="true">📞</span>
          {t('contact.call', { mobile: p.mobile })}
        </a>
        <a
          className="ui-button provider-profile__chat"
          href={whatsappHref(p.mobile, t('contact.chatText', { app: t('app.name', { ns: 'common' }) }))}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => trackClick(p.id, 'whatsapp')}
        >
          <span aria-hidden="true">💬</span>
          {t('contact.chat')}
          <span className="visually-hidden">{t('contact.chatNewTab')}</span>
        </a>
        <Button
          ref={shareButton}
          variant="secondary"
          aria-expanded={panelUrl !== null}
          onPointerEnter={prefetchSharePanel}
          onFocus={prefetchSharePanel}
          onClick={() => void onShare()}
        >
          <span aria-hidden="true">🔗</span>
          {t('contact.share')}
        </Button>
      </div>
      {panelUrl !== null ? (
        <Suspense fallback={null}>
          <SharePanel url={panelUrl} onClose={closePanel} />
        </Suspense>
      ) : null}
      {p.number_caution ? (
        <p role="note" className="provider-profile__caution">
          {t('contact.caution')}
        </p>
      ) : null}
    </section>
  );
}
