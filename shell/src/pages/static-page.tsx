import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureLegalNamespace, formatDate, getRuntimeConfig, useLanguage } from '@city/shared';
import { useRouteTitle } from '../app/use-document-title';

/** The policies' effective date (spec: 5 September 2025). */
const POLICY_EFFECTIVE_DATE = '2025-09-05T00:00:00Z';

export type StaticPageKind = 'privacy' | 'terms' | 'disclaimer' | 'contact';

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

function useLegalNamespace(): boolean {
  const lang = useLanguage();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    setReady(false);
    void ensureLegalNamespace(lang).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [lang]);
  return ready;
}

function Sections({ sections }: { sections: LegalSection[] }) {
  return (
    <>
      {sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </>
  );
}

function ContactDetails() {
  const { t } = useTranslation('legal');
  const { operatorPhone, operatorWhatsapp, contactEmail } = getRuntimeConfig();
  return (
    <dl className="contact-details">
      <dt>{t('contact.phoneLabel')}</dt>
      <dd>
        <a href={`tel:+91${operatorPhone}`}>{operatorPhone}</a>
      </dd>
      <dt>{t('contact.whatsappLabel')}</dt>
      <dd>
        <a href={`https://wa.me/${operatorWhatsapp}`} target="_blank" rel="noopener noreferrer">
          +{operatorWhatsapp}
        </a>
      </dd>
      {contactEmail ? (
        <>
          <dt>{t('contact.emailLabel')}</dt>
          <dd>
            <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </dd>
        </>
      ) : null}
      <dt>{t('contact.hoursLabel')}</dt>
      <dd>{t('contact.hours')}</dd>
    </dl>
  );
}

/** Privacy policy, terms, disclaimer and contact, in the current language. */
export function StaticPage({ kind }: { kind: StaticPageKind }) {
  const ready = useLegalNamespace();
  const { t } = useTranslation(['legal', 'common']);
  const lang = useLanguage();
  useRouteTitle(ready);
  if (!ready) {
    return (
      <p className="remote-loading" role="status">
        {t('common:remote.loading')}
      </p>
    );
  }
  const sections = t(`legal:${kind}.sections`, { returnObjects: true }) as unknown as LegalSection[];
  return (
    <article className="page page--narrow static-page">
      <h1>{t(`legal:${kind}.title`)}</h1>
      {kind !== 'contact' ? (
        <p className="static-page__effective">
          {t('legal:effectiveDate', { date: formatDate(POLICY_EFFECTIVE_DATE, lang, { dateStyle: 'long', timeZone: 'Asia/Kolkata' }) })}
        </p>
      ) : null}
      <p>{t(`legal:${kind}.intro`)}</p>
      {kind === 'contact' ? <ContactDetails /> : null}
      <Sections sections={Array.isArray(sections) ? sections : []} />
    </article>
  );
}
