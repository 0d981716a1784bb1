import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@city/shared';

/**
 * What the dialog says once a registration is saved: the listing waits for the operator's
 * check, and /my-listing is where the provider follows it. Focus moves to the message, so a
 * screen reader reads it at once.
 */
export function RegistrationSuccess({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('registration');
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <div className="registration-success">
      <p ref={message} tabIndex={-1} className="registration-success__body">
        {t('success.body')}
      </p>
      <p>{t('success.follow')}</p>
      <div className="registration-success__actions">
        <Link className="ui-button ui-button--primary ui-button--md" to="/my-listing">
          {t('success.link')}
        </Link>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('success.done')}
        </Button>
      </div>
    </div>
  );
}
