import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from '@city/shared';
import { copyText } from '../utils/share-link';

/**
 * Where the Share API is missing: the link in a field with a copy button, kept until the
 * visitor copies it or closes it (a toast would be gone before they could use it).
 */
export default function SharePanel({ url, onClose }: { url: string; onClose: () => void }) {
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
