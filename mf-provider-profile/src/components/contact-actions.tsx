import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, telHref, toast, trackClick, whatsappHref } from '@city/shared';
import type { Provider } from '../api';
import { copyText, profileUrl, shareLink } from '../utils/share-link';

/**
 * Where the Share API is missing: the link in a field with a copy button, kept until the
 * visitor copies it or closes it (a toast would be gone before they could use it).
 */
function SharePanel({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  const onCopy = async () => {
    if (await copyText(url)) {
      toast({ title: t('contact.linkCopied'), description: url });
      onClose();
    } else {
      setFailed(true);
      field.current?.focus();
      field.current?.select();
    }
  };

  return (
    <div className="provider-profile__share" data-testid="share-panel">
      <label htmlFor={fieldId} className="provider-profile__share-label">
        {t('contact.shareLinkLabel')}
      </label>
      <div className="provider-profile__share-row">
        <input id={fieldId} ref={field} className="provider-profile__share-url" type="url" readOnly value={url} />
        <Button variant="primary" onClick={() => void onCopy()}>
          {t('contact.copyLink')}
        </Button>
        <button type="button" className="provider-profile__share-close" aria-label={t('contact.closeShare')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {failed ? (
        <p role="alert" className="provider-profile__share-error">
          {t('contact.copyFailed')}
        </p>
      ) : null}
    </div>
  );
}

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
        <Button ref={shareButton} variant="secondary" aria-expanded={panelUrl !== null} onClick={() => void onShare()}>
          <span aria-hidden="true">🔗</span>
          {t('contact.share')}
        </Button>
      </div>
      {panelUrl !== null ? <SharePanel url={panelUrl} onClose={closePanel} /> : null}
      {p.number_caution ? (
        <p role="note" className="provider-profile__caution">
          {t('contact.caution')}
        </p>
      ) : null}
    </section>
  );
}
