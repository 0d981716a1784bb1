import { useEffect, useState } from 'react';
import { currentLanguage, ensureLanguage, whenPageContentShown } from '@city/shared';

type GalleryModule = typeof import('./photo-gallery');

// The gallery (its code, strings and the photos' request) is a chunk fetched once the profile
// is on screen: the first render carries only this loader, and never a photo's bytes.
const loadGallery = () =>
  import(/* webpackChunkName: "photo-gallery" */ './photo-gallery').then(async (m) => {
    await ensureLanguage(currentLanguage());
    return m;
  });

/** The provider's approved photos, if any, after the page's content is shown. */
export function LazyGallery({ providerId, name }: { providerId: string; name: string }) {
  const [mod, setMod] = useState<GalleryModule | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = whenPageContentShown(() => {
      loadGallery().then(
        (m) => live && setMod(() => m),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return mod ? <mod.PhotoGallery providerId={providerId} name={name} /> : null;
}
