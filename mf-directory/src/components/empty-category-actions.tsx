import { useTranslation } from 'react-i18next';
import { getRuntimeConfig, telHref } from '@city/shared';
import { isPlainClick } from '../utils/plain-click';

/** The operator's phone from config.json; null before it has loaded (never here in practice). */
function operatorPhone(): string | null {
  try {
    return getRuntimeConfig().operatorPhone;
  } catch {
    return null;
  }
}

/**
 * A category with no provider yet is not a dead end: a provider can register this service
 * (the form opens with the category chosen), and a visitor can call the operator, who may know
 * someone.
 */
export function EmptyCategoryActions({
  name,
  registerHref,
  onRegister,
}: {
  name: string | null;
  registerHref: string;
  onRegister: () => void;
}) {
  const { t } = useTranslation('directoryResults');
  const phone = operatorPhone();
  return (
    <div className="directory-results__empty-actions">
      <a
        className="ui-button ui-button--primary"
        href={registerHref}
        onClick={(e) => {
          if (!isPlainClick(e)) return;
          e.preventDefault();
          onRegister();
        }}
      >
        {name ? t('list.registerThis', { category: name }) : t('list.registerThisService')}
      </a>
      {phone ? (
        <p>
          {t('list.askOperator')}{' '}
          <a href={telHref(phone)} aria-label={t('list.callOperatorLabel', { phone })}>
            {phone}
          </a>
        </p>
      ) : null}
    </div>
  );
}
