import { useTranslation } from 'react-i18next';
import { Button, telHref, toast, trackClick, whatsappHref } from '@city/shared';
import type { Provider } from '../api';
import { profileUrl, shareLink } from '../utils/share-link';

/**
 * Call, chat-app message and share. Tracking never delays or blocks the call or chat. When
 * several signed-in people reported the number as wrong or closed (number_caution), a plain
 * line says so beside the call button: a note, not an alarm.
 */
export function ContactActions({ provider: p }: { provider: Provider }) {
  const { t } = useTranslation('profile');

  const onShare = async () => {
    const url = profileUrl(p.id);
    const outcome = await shareLink({ title: p.name, text: t('contact.shareText', { name: p.name }), url });
    if (outcome === 'copied') toast({ title: t('contact.linkCopied'), description: url });
    else if (outcome === 'failed') toast({ title: t('contact.copyFailed'), description: url, variant: 'destructive' });
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
          href={whatsappHref(p.mobile)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => trackClick(p.id, 'whatsapp')}
        >
          <span aria-hidden="true">💬</span>
          {t('contact.chat')}
          <span className="visually-hidden">{t('contact.chatNewTab')}</span>
        </a>
        <Button variant="secondary" onClick={() => void onShare()}>
          <span aria-hidden="true">🔗</span>
          {t('contact.share')}
        </Button>
      </div>
      {p.number_caution ? (
        <p role="note" className="provider-profile__caution">
          {t('contact.caution')}
        </p>
      ) : null}
    </section>
  );
}
