import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@city/shared';
import { LanguageToggle } from '../layout/language-toggle';

type StartupMessageKey = 'config.missing' | 'config.malformed' | 'config.invalid' | 'config.remotesMissing' | 'config.remotesInvalid';

function StartupErrorBody({ messageKey, detail }: { messageKey: StartupMessageKey; detail: string }) {
  const { t } = useTranslation();
  return (
    <main className="startup-error" role="alert">
      <LanguageToggle />
      <h1>{t('config.errorTitle')}</h1>
      <p>{t(messageKey)}</p>
      <p className="startup-error__detail" lang="en">
        {detail}
      </p>
      <button type="button" className="ui-button ui-button--primary ui-button--md" onClick={() => location.reload()}>
        {t('config.reload')}
      </button>
    </main>
  );
}

/** Shown instead of the site when config.json or remotes.json is missing or broken: never a blank page. */
export function StartupError(props: { messageKey: StartupMessageKey; detail: string }) {
  return (
    <I18nextProvider i18n={i18n}>
      <StartupErrorBody {...props} />
    </I18nextProvider>
  );
}
