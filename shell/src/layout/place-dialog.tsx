// The visitor's place dialog (issue 27), loaded on the first tap of the header's place button:
// find the village or ward by typing (PlacePicker), or by the phone's position ("Use my
// location": navigator.geolocation, then nearest_place; the position is sent only there, is
// not in the service worker's data cache, and is never stored), or forget it. Sets
// visitorPlaceStore, which lists and profiles read. It renders in a root of its own at the end
// of <body> (openPlaceDialog), so the header's button carries no dialog state or Suspense.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { ApiError, sendRest, useLanguage, useVisitorPlace, visitorPlaceStore, type VisitorPlace } from '@city/shared';
import { Dialog } from '@city/shared/ui/dialog';
import { PlacePicker, nameIn, toVisitorPlace, type FoundPlace } from '@city/shared/places';
import './place-dialog.css';

type Locating = 'idle' | 'locating' | 'outside' | 'denied' | 'noGps' | 'offline' | 'failed';

/** The phone's position, now (a low-accuracy fix is enough for the nearest village; none kept from before). */
function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('no geolocation'));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: false, timeout: 20_000, maximumAge: 0 });
  });
}

/** Why the position could not be turned into a place, as the message to show. */
function whyNot(e: unknown): Locating {
  if (e instanceof ApiError) {
    if (e.details === 'outside_district') return 'outside';
    return e.isNetwork ? 'offline' : 'failed';
  }
  // GeolocationPositionError: 1 permission denied, 2 unavailable, 3 timeout; no API at all.
  const code = (e as { code?: unknown } | null)?.code;
  return code === 1 ? 'denied' : 'noGps';
}

function PlaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('places');
  const lang = useLanguage();
  const place = useVisitorPlace();
  const [locating, setLocating] = useState<Locating>('idle');

  const choose = (next: VisitorPlace | null) => {
    visitorPlaceStore.getState().setPlace(next);
    setLocating('idle');
    onClose();
  };

  const locate = async () => {
    setLocating('locating');
    try {
      const { coords } = await currentPosition();
      const rows = await sendRest<FoundPlace[]>({ rpc: 'nearest_place', args: { p_lat: coords.latitude, p_lon: coords.longitude } });
      const nearest = Array.isArray(rows) ? rows[0] : undefined;
      if (!nearest) {
        setLocating('outside');
        return;
      }
      choose(toVisitorPlace(nearest));
    } catch (e) {
      setLocating(whyNot(e));
    }
  };

  const message = locating === 'idle' ? '' : locating === 'locating' ? t('visitor.locating') : t(`visitor.${locating}`);
  return (
    <Dialog open={open} onClose={onClose} title={t('visitor.title')} closeLabel={t('visitor.close')} className="place-dialog">
      {place ? <p className="place-dialog__current">{t('visitor.current', { place: nameIn(lang, place.nameEn, place.nameHi) })}</p> : null}
      <PlacePicker label={t('visitor.pickerLabel')} value={place} onChange={(next) => choose(next)} focusOnMount />
      <div className="place-dialog__actions">
        <button type="button" className="ui-button ui-button--secondary" onClick={() => void locate()} disabled={locating === 'locating'}>
          {t('visitor.useLocation')}
        </button>
        <p className="place-dialog__note">{t('visitor.locationNote')}</p>
        <p
          className={`place-dialog__message${locating !== 'idle' && locating !== 'locating' ? ' place-dialog__message--problem' : ''}`}
          role="status"
          aria-live="polite"
        >
          {message}
        </p>
        {place ? (
          <button type="button" className="ui-button ui-button--ghost" onClick={() => choose(null)}>
            {t('visitor.forget')}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}

let show: (() => void) | null = null;

/** The dialog's root: each opening is a fresh dialog (no search or message left from the last). */
function PlaceDialogRoot() {
  const [opening, setOpening] = useState(1);
  const [open, setOpen] = useState(true);
  show = () => {
    setOpening((n) => n + 1);
    setOpen(true);
  };
  return <PlaceDialog key={opening} open={open} onClose={() => setOpen(false)} />;
}

/** Opens the dialog: its root is made on the first call and kept (closed) after. */
export function openPlaceDialog(): void {
  if (show) {
    show();
    return;
  }
  const host = document.createElement('div');
  host.className = 'place-dialog-root';
  document.body.append(host);
  createRoot(host).render(<PlaceDialogRoot />);
}
