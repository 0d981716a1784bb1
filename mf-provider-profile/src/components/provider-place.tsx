import { useTranslation } from 'react-i18next';
// The line's strings ('profilePlace') come with its chunk.
import '../locales/place';
import { useLanguage, useVisitorPlace, type Language } from '@city/shared';
import type { Provider } from '../api';
import { centreOf, directionsUrl, distanceKm, formatKm, placeLabel, placeName } from '../utils/place';

/** At most this many served places are named; the rest are counted. */
const NAMED_PLACES = 3;

/**
 * The provider's place and whom they serve, in one line ("Lalbagh, Sitapur · serves places
 * within 10 km"); a directions link to the place's centre; and, when the visitor chose a place
 * and both have centres, how far it is. Nothing for a listing without a place. The names come
 * with the profile's first read (PROFILE_PROVIDER_COLUMNS): no request of its own.
 */
export function ProviderPlace({ provider: p }: { provider: Provider }) {
  const { t } = useTranslation('profilePlace');
  const lang = useLanguage();
  const visitor = useVisitorPlace();
  const place = p.place;
  if (!place) return null;
  const label = placeLabel(place, lang);
  const centre = centreOf(place);
  const visitorCentre = centreOf(visitor);
  const sameplace = visitor !== null && visitor.kind === place.kind && visitor.code === place.code;
  const distance = centre && visitorCentre && !sameplace ? formatKm(distanceKm(visitorCentre, centre), lang) : null;
  const visitorName = visitor ? (lang === 'hi' ? visitor.nameHi || visitor.nameEn : visitor.nameEn) : '';

  return (
    <div className="provider-profile__place" data-testid="provider-place">
      <p className="provider-profile__place-line">
        <span className="provider-profile__place-name">{t('at', { place: label })}</span>
        <span aria-hidden="true"> · </span>
        <span>{servesText(p, t, lang)}</span>
      </p>
      {distance || sameplace || centre ? (
        <p className="provider-profile__place-line">
          {sameplace ? <span>{t('yourPlace')}</span> : null}
          {distance ? <span data-testid="provider-distance">{t('distance', { distance, place: visitorName })}</span> : null}
          {centre ? (
            <a
              className="provider-profile__directions"
              href={directionsUrl(centre, placeName(place, lang), typeof navigator === 'undefined' ? '' : navigator.userAgent)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('directions')}
              <span className="visually-hidden"> {t('directionsNewTab')}</span>
            </a>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

type T = ReturnType<typeof useTranslation<'profilePlace'>>['t'];

function servesText(p: Provider, t: T, lang: Language): string {
  if (p.serve_mode === 'tehsil') {
    const tehsil = p.place?.parent?.kind === 'tehsil' ? p.place.parent : null;
    return tehsil ? t('servesTehsilNamed', { tehsil: placeName(tehsil, lang) }) : t('servesTehsil');
  }
  if (p.serve_mode === 'list') {
    const names = (p.serves ?? []).flatMap((s) => (s.place ? [placeName(s.place, lang)] : []));
    if (names.length === 0) return t('servesListEmpty');
    const shown = names.slice(0, NAMED_PLACES).join(', ');
    const more = names.length - NAMED_PLACES;
    return more > 0 ? t('servesListMore', { places: shown, count: more }) : t('servesList', { places: shown });
  }
  return t('servesNearby', { distance: formatKm(p.serve_radius_km ?? 10, lang) });
}
