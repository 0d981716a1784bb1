import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatNumber, useLanguage } from '@city/shared';
import { importPlacesCsv, type PlaceRowError, type PlacesImportResult } from '@city/shared/places/import';
import { callRpc } from '../../api/rpc';

/** The file's text (FileReader: every browser the console supports, and jsdom). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file, 'utf-8');
  });
}

const PROBLEMS = ['header', 'row', 'file', 'name', 'latitude', 'nameEnglish', 'code', 'other'] as const;
type Problem = (typeof PROBLEMS)[number];

/** What kind of problem a bad row has, by its column: a sentence in the console's language. */
export function problemKey(field: string): Problem {
  const known = PROBLEMS.find((p) => p === field && p !== 'nameEnglish' && p !== 'code' && p !== 'other');
  if (known) return known;
  if (/NameEnglish$/.test(field)) return 'nameEnglish';
  if (/Code$/.test(field)) return 'code';
  return 'other';
}

/**
 * The operator loads the district's places from a CSV in the LGD shape (the same file as
 * `npm run import:places`): staged in batches, then checked and loaded all at once by the
 * database (commit_places), or nothing and the list of bad rows.
 */
export function PlacesSection() {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [result, setResult] = useState<PlacesImportResult | null>(null);
  const n = (v: number) => formatNumber(v, lang);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || busy) return;
    setBusy(true);
    setFailed(false);
    setResult(null);
    try {
      const text = await readText(file);
      setResult(await importPlacesCsv(text, (fn, args) => callRpc(fn, args), reason.trim() || undefined));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-section" aria-labelledby="admin-places-title">
      <h2 id="admin-places-title" className="admin-section-title">
        {t('places.heading')}
      </h2>
      <p>{t('places.intro')}</p>
      <form onSubmit={(e) => void onSubmit(e)} className="admin-places__form">
        <label>
          {t('places.file')}
          <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <label>
          {t('places.reason')}
          <input type="text" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </label>
        <Button type="submit" aria-disabled={!file || busy || undefined}>
          {busy ? t('places.importing') : t('places.import')}
        </Button>
      </form>
      <div aria-live="polite">
        {failed ? (
          <div role="alert" className="admin-error">
            <p>{t('places.failed')}</p>
          </div>
        ) : null}
        {result?.ok ? (
          <p role="status">
            {t('places.loaded', {
              rows: n(result.rows),
              inserted: n(result.inserted),
              updated: n(result.updated),
              unchanged: n(result.unchanged),
            })}
          </p>
        ) : null}
        {result && !result.ok ? <PlaceErrors errors={result.errors} total={result.error_count} rows={result.rows} /> : null}
      </div>
    </section>
  );
}

function PlaceErrors({ errors, total, rows }: { errors: PlaceRowError[]; total: number; rows: number }) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  return (
    <div role="alert" className="admin-error">
      <p>{t('places.nothingLoaded', { count: total, rows: formatNumber(rows, lang) })}</p>
      <table className="admin-table">
        <caption>{t('places.errorsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('places.row')}</th>
            <th scope="col">{t('places.column')}</th>
            <th scope="col">{t('places.problem')}</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => (
            <tr key={`${e.row}-${e.field}-${i}`}>
              <td>{formatNumber(e.row, lang)}</td>
              <td>{e.field}</td>
              <td>
                {t(`places.problems.${problemKey(e.field)}`)} <span lang="en">({e.message})</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > errors.length ? <p>{t('places.more', { count: total - errors.length })}</p> : null}
    </div>
  );
}
