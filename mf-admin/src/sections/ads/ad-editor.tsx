import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, formatNumber, useLanguage } from '@city/shared';
import { adminSaveAd, uploadAdMedia, type AdDraft, type AdMediaType, type ConsoleAd } from '../../api';
import { ReasonForm } from '../../components/reason-form';
import { useRunAction } from '../../components/run-action';
import { endsBeforeStart, httpLink, mediaFileProblem, youtubeId } from '../../validation/console';

type Problem =
  | 'mediaRequired'
  | 'imageType'
  | 'imageSize'
  | 'videoType'
  | 'videoSize'
  | 'youtubeInvalid'
  | 'linkInvalid'
  | 'endBeforeStart'
  | 'orderInvalid'
  | 'titleRequired'
  | 'titleTooLong'
  | 'altRequired'
  | 'altTooLong';

/** The database's refusal of a title or an image description (0013: 23514, detail = the column). */
function refusedWords(e: unknown): [Problem, string] | null {
  if (!(e instanceof ApiError) || e.code !== '23514') return null;
  if (e.details === 'title') return [/200/.test(e.message) ? 'titleTooLong' : 'titleRequired', 'title'];
  if (e.details === 'media_alt') return [/300/.test(e.message) ? 'altTooLong' : 'altRequired', 'alt'];
  return null;
}

/** An ISO time as a datetime-local value (the browser's zone), and back. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocal = (v: string) => (v ? new Date(v).toISOString() : null);

export interface AdEditorProps {
  /** null: a new ad. */
  ad: ConsoleAd | null;
  nextOrder: number;
  onSaved: (ad: ConsoleAd) => void;
  onCancel: () => void;
}

/** Title, media (an uploaded image or video, or a YouTube link), link, schedule, order, on/off. */
export function AdEditor({ ad, nextOrder, onSaved, onCancel }: AdEditorProps) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const id = useId();
  const run = useRunAction();
  const [title, setTitle] = useState(ad?.title ?? '');
  const [alt, setAlt] = useState(ad?.media_alt ?? '');
  const [kind, setKind] = useState<AdMediaType>(ad?.media_type ?? 'image');
  const [file, setFile] = useState<File | null>(null);
  const [youtube, setYoutube] = useState(ad?.media_type === 'youtube' ? ad.media_url : '');
  const [link, setLink] = useState(ad?.redirect_link ?? '');
  const [start, setStart] = useState(toLocal(ad?.start_date ?? null));
  const [end, setEnd] = useState(toLocal(ad?.end_date ?? null));
  const [order, setOrder] = useState(String(ad?.sort_order ?? nextOrder));
  const [active, setActive] = useState(ad?.active ?? true);
  const [problem, setProblem] = useState<Problem | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const keepsMedia = ad !== null && ad.media_type === kind && kind !== 'youtube';

  const findProblem = (): [Problem, string] | null => {
    if (!title.trim()) return ['titleRequired', 'title'];
    if (title.trim().length > 200) return ['titleTooLong', 'title'];
    if (kind === 'image' && !alt.trim()) return ['altRequired', 'alt'];
    if (kind === 'image' && alt.trim().length > 300) return ['altTooLong', 'alt'];
    if (kind === 'youtube') {
      if (!youtubeId(youtube)) return ['youtubeInvalid', 'youtube'];
    } else if (file) {
      const p = mediaFileProblem(file, kind);
      if (p) return [p, 'file'];
    } else if (!keepsMedia) return ['mediaRequired', 'file'];
    if (link.trim() && !httpLink(link)) return ['linkInvalid', 'link'];
    if (endsBeforeStart(start, end)) return ['endBeforeStart', 'end'];
    if (!/^\d{1,4}$/.test(order.trim())) return ['orderInvalid', 'order'];
    return null;
  };

  const validate = () => {
    const found = findProblem();
    setProblem(found?.[0] ?? null);
    if (found) document.getElementById(`${id}-${found[1]}`)?.focus();
    return !found;
  };

  const describe = (field: string, which: Problem[]) =>
    problem && which.includes(problem)
      ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-problem` }
      : { 'aria-describedby': `${id}-${field}-hint` };

  return (
    <ReasonForm
      confirmLabel={ad ? t('ads.saveChanges') : t('ads.create')}
      validate={validate}
      onCancel={onCancel}
      onConfirm={async (reason) => {
        let saved: ConsoleAd | null = null;
        const ok = await run(
          async () => {
            const media_url = kind === 'youtube' ? youtube.trim() : file ? await uploadAdMedia(file) : ad!.media_url;
            const draft: AdDraft = {
              ...(ad ? { id: ad.id } : {}),
              title: title.trim() || null,
              media_alt: kind === 'image' ? alt.trim() || null : null,
              active,
              start_date: fromLocal(start),
              end_date: fromLocal(end),
              media_type: kind,
              media_url,
              redirect_link: link.trim() ? httpLink(link) : null,
              sort_order: Number(order),
            };
            try {
              saved = await adminSaveAd(draft, reason);
            } catch (err) {
              // The database's own rule (the same as the form's): say it at the field.
              const refused = refusedWords(err);
              if (refused) {
                setProblem(refused[0]);
                document.getElementById(`${id}-${refused[1]}`)?.focus();
              }
              throw err;
            }
          },
          t('ads.saved', { title: title.trim() || t('ads.untitled') }),
          (err) => {
            const refused = refusedWords(err);
            return refused ? t(`ads.problems.${refused[0]}`) : null;
          },
        );
        if (ok && saved) onSaved(saved);
        return ok;
      }}
    >
      <fieldset className="admin-editor">
        <legend>{ad ? t('ads.editLegend') : t('ads.newLegend')}</legend>
        <div className="admin-field">
          <label htmlFor={`${id}-title`} className="admin-field__label">
            {t('ads.fields.title')}
          </label>
          <input
            id={`${id}-title`}
            className="admin-input"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-required="true"
            {...describe('title', ['titleRequired', 'titleTooLong'])}
          />
          <p id={`${id}-title-hint`} className="admin-field__hint">
            {t('ads.hints.title')}
          </p>
        </div>
        {kind === 'image' ? (
          <div className="admin-field">
            <label htmlFor={`${id}-alt`} className="admin-field__label">
              {t('ads.fields.alt')}
            </label>
            <input
              id={`${id}-alt`}
              className="admin-input"
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
              aria-required="true"
              {...describe('alt', ['altRequired', 'altTooLong'])}
            />
            <p id={`${id}-alt-hint`} className="admin-field__hint">
              {t('ads.hints.alt')}
            </p>
          </div>
        ) : null}
        <fieldset className="admin-editor__kinds">
          <legend className="admin-field__label">{t('ads.fields.kind')}</legend>
          {(['image', 'video', 'youtube'] as const).map((k) => (
            <label key={k} className="admin-radio">
              <input
                type="radio"
                name={`${id}-kind`}
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setFile(null);
                  setProblem(null);
                  if (fileInput.current) fileInput.current.value = '';
                }}
              />
              {t(`ads.kinds.${k}`)}
            </label>
          ))}
        </fieldset>
        {kind === 'youtube' ? (
          <div className="admin-field" key="youtube">
            <label htmlFor={`${id}-youtube`} className="admin-field__label">
              {t('ads.fields.youtube')}
            </label>
            <input
              id={`${id}-youtube`}
              className="admin-input"
              type="url"
              inputMode="url"
              value={youtube}
              onChange={(e) => setYoutube(e.target.value)}
              {...describe('youtube', ['youtubeInvalid'])}
            />
            <p id={`${id}-youtube-hint`} className="admin-field__hint">
              {t('ads.hints.youtube')}
            </p>
          </div>
        ) : (
          <div className="admin-field" key="file">
            <label htmlFor={`${id}-file`} className="admin-field__label">
              {kind === 'image' ? t('ads.fields.image') : t('ads.fields.video')}
            </label>
            <input
              ref={fileInput}
              id={`${id}-file`}
              className="admin-input"
              type="file"
              accept={kind === 'image' ? 'image/jpeg,image/png,image/webp' : 'video/mp4'}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setProblem(null);
              }}
              {...describe('file', ['mediaRequired', 'imageType', 'imageSize', 'videoType', 'videoSize'])}
            />
            <p id={`${id}-file-hint`} className="admin-field__hint">
              {kind === 'image'
                ? t('ads.hints.image', { max: formatNumber(1, lang) })
                : t('ads.hints.video', { max: formatNumber(10, lang) })}
              {keepsMedia ? ` ${t('ads.hints.keep')}` : ''}
            </p>
          </div>
        )}
        <div className="admin-field">
          <label htmlFor={`${id}-link`} className="admin-field__label">
            {t('ads.fields.link')}
          </label>
          <input
            id={`${id}-link`}
            className="admin-input"
            type="url"
            inputMode="url"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            {...describe('link', ['linkInvalid'])}
          />
          <p id={`${id}-link-hint`} className="admin-field__hint">
            {t('ads.hints.link')}
          </p>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-start`} className="admin-field__label">
            {t('ads.fields.start')}
          </label>
          <input
            id={`${id}-start`}
            className="admin-input"
            type="datetime-local"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            aria-describedby={`${id}-start-hint`}
          />
          <p id={`${id}-start-hint`} className="admin-field__hint">
            {t('ads.hints.start')}
          </p>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-end`} className="admin-field__label">
            {t('ads.fields.end')}
          </label>
          <input
            id={`${id}-end`}
            className="admin-input"
            type="datetime-local"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            {...describe('end', ['endBeforeStart'])}
          />
          <p id={`${id}-end-hint`} className="admin-field__hint">
            {t('ads.hints.end')}
          </p>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-order`} className="admin-field__label">
            {t('ads.fields.order')}
          </label>
          <input
            id={`${id}-order`}
            className="admin-input"
            inputMode="numeric"
            value={order}
            onChange={(e) => setOrder(e.target.value)}
            {...describe('order', ['orderInvalid'])}
          />
          <p id={`${id}-order-hint`} className="admin-field__hint">
            {t('ads.hints.order')}
          </p>
        </div>
        <label className="admin-radio">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
          {t('ads.fields.active')}
        </label>
        {problem ? (
          <p id={`${id}-problem`} role="alert" className="admin-field__error">
            {t(`ads.problems.${problem}`, { imageMax: formatNumber(1, lang), videoMax: formatNumber(10, lang) })}
          </p>
        ) : null}
      </fieldset>
    </ReasonForm>
  );
}
