import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { categoryLabel, fetchProvider, useLanguage, type Provider, type ProviderProfileProps } from '@city/shared';

type LoadState = { kind: 'loading' } | { kind: 'missing' } | { kind: 'ready'; provider: Provider };

/** /provider/:id. The profile issue adds rating, reviews, call/chat/share. */
export default function ProviderProfile({ providerId }: ProviderProfileProps) {
  const { t } = useTranslation('profile');
  const lang = useLanguage();
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    fetchProvider(providerId).then(
      (provider) => live && setState(provider ? { kind: 'ready', provider } : { kind: 'missing' }),
      () => live && setState({ kind: 'missing' }),
    );
    return () => {
      live = false;
    };
  }, [providerId]);

  if (state.kind === 'loading') return <p role="status">{t('loading')}</p>;
  if (state.kind === 'missing') {
    return (
      <section className="page page--narrow">
        <h1>{t('notFoundTitle')}</h1>
        <p>{t('notFoundBody')}</p>
        <Link to="/">{t('backHome')}</Link>
      </section>
    );
  }
  const p = state.provider;
  return (
    <article className="page page--narrow">
      <h1>{p.name}</h1>
      {p.business_name ? <p>{p.business_name}</p> : null}
      <dl>
        <dt>{t('category')}</dt>
        <dd>{categoryLabel(p.category, lang)}</dd>
        <dt>{t('experience')}</dt>
        <dd>{p.experience ?? t('experienceNA')}</dd>
        <dt>{t('address')}</dt>
        <dd>{p.address}</dd>
      </dl>
    </article>
  );
}
