import { useEffect, useRef, useState } from 'react';
import { whenIdle } from '@city/shared';

/**
 * Cover thumbnails for the cards shown: nothing until `ready` (the list is painted and the
 * browser idle), then one request for the providers not yet asked about (a new page of results:
 * one more). Its code is a small chunk fetched then, not part of the first render. Until it answers, and for a provider without an approved photo, the card keeps its
 * category pictogram.
 */
export function useCoverThumbs(providerIds: readonly string[], ready: boolean): ReadonlyMap<string, string> {
  const [thumbs, setThumbs] = useState<ReadonlyMap<string, string>>(new Map());
  const asked = useRef(new Set<string>());
  const key = ready ? providerIds.join(',') : '';
  useEffect(() => {
    if (!key) return;
    const missing = key.split(',').filter((id) => !asked.current.has(id));
    if (missing.length === 0) return;
    for (const id of missing) asked.current.add(id);
    let live = true;
    // Each page's request waits for an idle moment after its cards render.
    const cancel = whenIdle(
      () =>
        void import(/* webpackChunkName: "cover-thumbs" */ '../api/photos')
          .then(({ fetchCoverThumbs }) => fetchCoverThumbs(missing))
          .then(
            (found) => {
              if (live && found.size > 0) setThumbs((prev) => new Map([...prev, ...found]));
            },
            () => {
              // Not shown is fine (pictograms stay); a later render may ask again.
              for (const id of missing) asked.current.delete(id);
            },
          ),
      { timeoutMs: 2_000, fallbackMs: 200 },
    );
    return () => {
      live = false;
      cancel();
    };
  }, [key]);
  return thumbs;
}
