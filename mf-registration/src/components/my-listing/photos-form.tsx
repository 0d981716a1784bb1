import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, toast } from '@city/shared';
import {
  addPhoto,
  deletePhoto,
  fetchMyPhotos,
  MAX_PHOTOS,
  photoUrl,
  type MyListing,
  type MyPhoto,
  type PhotoFailure,
  type PhotoKind,
} from '../../api';
import { shrinkPhoto, type ShrinkFailure } from '../../utils/shrink-photo';
import { FormMessage } from './form-message';

const KINDS: PhotoKind[] = ['shop', 'work', 'self'];
type Shown = MyPhoto & { thumbUrl: string };

/**
 * The listing's photos (issue 28): up to 6 of the shop, the work or the person, each shrunk in
 * the browser, public only once the operator has approved it. The owner deletes any of them.
 */
export function PhotosForm({ listing }: { listing: MyListing }) {
  const { t } = useTranslation('registration');
  const { t: tc } = useTranslation('common');
  const base = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<Shown[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [kind, setKind] = useState<PhotoKind>('shop');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  const load = useCallback(async () => {
    try {
      const rows = await fetchMyPhotos(listing.id);
      setPhotos(await Promise.all(rows.map(async (p) => ({ ...p, thumbUrl: await photoUrl(p.path, true) }))));
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [listing.id]);

  useEffect(() => {
    void load();
  }, [load]);

  const fail = (text: string) => {
    setMessage({ tone: 'error', text });
    toast({ title: tc('errors.errorTitle'), description: text, variant: 'destructive' });
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setMessage({ tone: 'error', text: t('myListing.photos.errors.choose') });
      fileRef.current?.focus();
      return;
    }
    setBusy(true);
    setMessage({ tone: 'ok', text: t('myListing.photos.working') });
    try {
      const shrunk = await shrinkPhoto(file);
      if (!shrunk.ok) {
        fail(t(`myListing.photos.errors.${shrunk.reason satisfies ShrinkFailure}`));
        fileRef.current?.focus();
        return;
      }
      const result = await addPhoto(listing.id, kind, shrunk);
      if (!result.ok) {
        fail(t(`myListing.photos.errors.${result.reason satisfies PhotoFailure}`));
        return;
      }
      if (fileRef.current) fileRef.current.value = '';
      const text = t('myListing.photos.added');
      setMessage({ tone: 'ok', text });
      toast({ title: t('myListing.savedTitle'), description: text });
      await load();
    } finally {
      setBusy(false);
    }
  };

  const onDelete = async (photo: Shown) => {
    if (busy) return;
    setBusy(true);
    try {
      const result = await deletePhoto(photo);
      if (!result.ok) {
        fail(t(`myListing.photos.errors.${result.reason}`));
        return;
      }
      setMessage({ tone: 'ok', text: t('myListing.photos.deleted') });
      await load();
    } finally {
      setBusy(false);
    }
  };

  const full = (photos?.length ?? 0) >= MAX_PHOTOS;
  return (
    <section className="my-listing__form my-listing__photos" aria-labelledby={`${base}-title`} aria-busy={busy}>
      <h3 id={`${base}-title`}>{t('myListing.photos.title')}</h3>
      <p className="my-listing__note">{t('myListing.photos.note', { max: MAX_PHOTOS })}</p>
      {loadFailed ? <p role="alert">{t('myListing.photos.loadFailed')}</p> : null}
      {photos && photos.length > 0 ? (
        <ul className="my-listing__photo-list" aria-label={t('myListing.photos.listLabel')}>
          {photos.map((p, i) => {
            const label = t('myListing.photos.itemLabel', { n: i + 1, kind: t(`myListing.photos.kinds.${p.kind as PhotoKind}`) });
            return (
              <li key={p.id} className="my-listing__photo">
                <img src={p.thumbUrl} alt={label} width={72} height={72} loading="lazy" decoding="async" />
                <span>
                  {label}{' '}
                  <Badge tone={p.status === 'approved' ? 'success' : 'warning'}>
                    {p.status === 'approved' ? t('myListing.photos.approved') : t('myListing.photos.pending')}
                  </Badge>
                </span>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={busy}
                  aria-label={t('myListing.photos.deleteLabel', { label })}
                  onClick={() => void onDelete(p)}
                >
                  {t('myListing.photos.delete')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : photos ? (
        <p>{t('myListing.photos.none')}</p>
      ) : null}
      {full ? (
        <p>{t('myListing.photos.full', { max: MAX_PHOTOS })}</p>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('myListing.photos.add')}>
          <fieldset className="my-listing__choices">
            <legend>{t('myListing.photos.kindLegend')}</legend>
            {KINDS.map((k) => (
              <label key={k} className="my-listing__choice">
                <input type="radio" name={`${base}-kind`} checked={kind === k} onChange={() => setKind(k)} />
                {t(`myListing.photos.kinds.${k}`)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${base}-file`} className="my-listing__label">
            {t('myListing.photos.file')}
          </label>
          <input
            id={`${base}-file`}
            ref={fileRef}
            type="file"
            accept="image/*"
            className="registration-input"
            onChange={() => setMessage(null)}
          />
          <Button type="submit" disabled={busy}>
            {busy ? t('myListing.saving') : t('myListing.photos.add')}
          </Button>
        </form>
      )}
      <FormMessage message={message} />
    </section>
  );
}
