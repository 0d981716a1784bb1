import { useEffect, useState } from 'react';
import { currentLanguage, ensureLanguage, whenPageContentShown } from '@city/shared';
import type { Provider } from '../api';

type PlaceModule = typeof import('./provider-place');

// The place line (its code and strings) is a chunk fetched once the profile is on screen: the
// first render carries only this loader. Its data came with the row (PROFILE_PROVIDER_COLUMNS).
const loadPlace = () =>
  import(/* webpackChunkName: "provider-place" */ './provider-place').then(async (m) => {
    await ensureLanguage(currentLanguage());
    return m;
  });

/**
 * The provider's place, whom they serve, directions and distance, after the page's content is
 * shown; until then an empty box of the line's height, so nothing below moves when it comes.
 * Nothing at all for a listing without a place.
 */
export function LazyProviderPlace({ provider }: { provider: Provider }) {
  const [mod, setMod] = useState<PlaceModule | null>(null);
  const hasPlace = Boolean(provider.place);
  useEffect(() => {
    if (!hasPlace) return;
    let live = true;
    const cancel = whenPageContentShown(() => {
      loadPlace().then(
        (m) => live && setMod(() => m),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [hasPlace]);
  if (!hasPlace) return null;
  return mod ? <mod.ProviderPlace provider={provider} /> : <div className="provider-profile__place provider-profile__place--loading" />;
}
