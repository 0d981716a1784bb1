import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast, type ServeMode } from '@city/shared';
import { fetchMyPlace, setMyPlace, type MyListing, type MyPlace } from '../../api';
import {
  EMPTY_SERVE_CHOICE,
  SERVE_LIMITS,
  validateServeChoice,
  type ChosenPlace,
  type ServeChoiceValues,
  type ServeErrors,
  type ServeField,
} from '../../validation/serve-choice';
import { focusServeField, ServeChoiceFields } from '../serve-choice-fields';
import { FormMessage } from './form-message';

type Named = NonNullable<MyPlace['place']>;
const OWN = new Set(['village', 'town', 'ward']);

/** A place as the database sends it, in the picker's shape (null for a kind the picker does not offer). */
function chosen(p: Partial<Named> | null | undefined): ChosenPlace | null {
  if (!p || !p.kind || !p.code || !OWN.has(p.kind)) return null;
  const lat = p.lat === null || p.lat === undefined ? null : Number(p.lat);
  const lon = p.lon === null || p.lon === undefined ? null : Number(p.lon);
  return {
    kind: p.kind as ChosenPlace['kind'],
    code: p.code,
    nameEn: p.name_en ?? p.code,
    nameHi: p.name_hi ?? null,
    lat: Number.isFinite(lat) ? lat : null,
    lon: Number.isFinite(lon) ? lon : null,
  };
}

/** The form's values from what is stored. */
function serveValuesOf(stored: MyPlace | null): ServeChoiceValues {
  if (!stored) return { ...EMPTY_SERVE_CHOICE };
  return {
    place: chosen(stored.place),
    mode: (['nearby', 'tehsil', 'list'] as ServeMode[]).includes(stored.serve_mode) ? stored.serve_mode : 'nearby',
    radiusKm: String(stored.serve_radius_km || SERVE_LIMITS.radiusDefault),
    list: stored.serves.flatMap((s) => {
      const p = chosen(s.place);
      return p ? [p] : [];
    }),
  };
}

/**
 * /my-listing: the listing's place and whom they serve, saved with set_my_place (all at once).
 * A listing without a place (from before places) keeps working; a gentle prompt invites adding one.
 */
export function PlaceForm({ listing }: { listing: MyListing }) {
  const { t } = useTranslation('registration');
  const { t: tc } = useTranslation('common');
  const base = useId();
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [stored, setStored] = useState<MyPlace | null>(null);
  const [values, setValues] = useState<ServeChoiceValues>(() => ({ ...EMPTY_SERVE_CHOICE }));
  const [errors, setErrors] = useState<ServeErrors>({});
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const load = useCallback(() => {
    const controller = new AbortController();
    setState('loading');
    fetchMyPlace(listing.id, controller.signal).then(
      (row) => {
        setStored(row);
        setValues(serveValuesOf(row));
        setState('ready');
      },
      () => !controller.signal.aborted && setState('error'),
    );
    return () => controller.abort();
  }, [listing.id]);
  useEffect(load, [load]);

  const onChange = (next: ServeChoiceValues, field: ServeField) => {
    setValues(next);
    setErrors((prev) => {
      if (prev[field] === undefined) return prev;
      const rest = { ...prev };
      delete rest[field];
      return rest;
    });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    const checked = validateServeChoice(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setMessage(null);
      focusServeField(`${base}-serve`, checked.firstInvalid);
      return;
    }
    inFlight.current = true;
    setBusy(true);
    try {
      const result = await setMyPlace(listing.id, checked.args);
      if (result.ok) {
        setErrors({});
        setMessage({ tone: 'ok', text: t('place.edit.saved') });
        toast({ title: t('myListing.savedTitle'), description: t('place.edit.saved') });
        setStored((prev) => (prev ? { ...prev, place_kind: values.place?.kind ?? null } : prev));
        return;
      }
      let text = t(result.reason === 'network' ? 'place.edit.network' : 'place.edit.failed');
      if (result.reason === 'place') {
        setErrors({ [result.field]: result.key });
        text = t(result.key);
        focusServeField(`${base}-serve`, result.field);
      }
      setMessage({ tone: 'error', text });
      toast({ title: tc('errors.errorTitle'), description: text, variant: 'destructive' });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <form className="my-listing__form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby={`${base}-title`} aria-busy={busy}>
      <h3 id={`${base}-title`}>{t('place.edit.heading')}</h3>
      {state === 'loading' ? <p role="status">{t('place.edit.loading')}</p> : null}
      {state === 'error' ? (
        <div role="alert">
          <p>{t('place.edit.loadFailed')}</p>
          <Button type="button" variant="secondary" onClick={load}>
            {t('myListing.errors.retry')}
          </Button>
        </div>
      ) : null}
      {state === 'ready' ? (
        <>
          {!stored?.place_kind ? <p className="my-listing__note my-listing__place-prompt">{t('place.edit.prompt')}</p> : null}
          <ServeChoiceFields idBase={`${base}-serve`} values={values} errors={errors} onChange={onChange} disabled={busy} live />
          <Button type="submit" disabled={busy}>
            {busy ? t('place.edit.saving') : t('place.edit.save')}
          </Button>
          <FormMessage message={message} />
        </>
      ) : null}
    </form>
  );
}
