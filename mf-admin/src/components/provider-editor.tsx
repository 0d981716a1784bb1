import { useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, categoryLabel, storedCategoryValue, useLanguage } from '@city/shared';
import { normalizeMobile } from '@city/shared/validation/phone';
import { adminUpdateProvider, EDITABLE_FIELDS, type ConsoleProvider, type EditableField, type ProviderEdit } from '../api';
import { ReasonForm } from './reason-form';
import { useRunAction } from './run-action';
import { categoryName } from '../utils/category-name';

type Values = Record<EditableField, string>;
type Problems = Partial<Record<EditableField, 'required' | 'mobileInvalid' | 'experienceInvalid'>>;

const REQUIRED: EditableField[] = ['name', 'mobile', 'category', 'address'];

const initial = (p: ConsoleProvider): Values => ({
  name: p.name,
  business_name: p.business_name ?? '',
  mobile: p.mobile,
  category: p.category,
  specialist_in: p.specialist_in ?? '',
  experience: p.experience === null ? '' : String(p.experience),
  address: p.address,
});

/** The changed fields, cleaned; problems found instead when there are any. */
function providerChanges(before: ConsoleProvider, values: Values): { changes: ProviderEdit; problems: Problems } {
  const problems: Problems = {};
  const changes: ProviderEdit = {};
  const old = initial(before);
  for (const f of EDITABLE_FIELDS) {
    const v = values[f].trim();
    if (REQUIRED.includes(f) && v === '') {
      problems[f] = 'required';
      continue;
    }
    if (v === old[f].trim()) continue;
    if (f === 'mobile') {
      const m = normalizeMobile(v);
      if (!m) problems.mobile = 'mobileInvalid';
      else if (m !== before.mobile) changes.mobile = m;
    } else if (f === 'experience') {
      if (v !== '' && !/^\d{1,2}$/.test(v)) problems.experience = 'experienceInvalid';
      else changes.experience = v === '' ? null : Number(v);
    } else changes[f] = v === '' ? null : v;
  }
  return { changes, problems };
}

export interface ProviderEditorProps {
  provider: ConsoleProvider;
  onSaved: (changes: ProviderEdit, reason: string) => void | Promise<void>;
  onCancel: () => void;
}

/**
 * Every editable field of a listing, then a reason; only what changed is sent. Opening it moves
 * focus to its first field; Escape cancels (the caller puts focus back on its Edit button).
 */
export function ProviderEditor({ provider, onSaved, onCancel }: ProviderEditorProps) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const id = useId();
  const run = useRunAction();
  const [values, setValues] = useState<Values>(() => initial(provider));
  const [problems, setProblems] = useState<Problems>({});
  const [nothing, setNothing] = useState(false);
  const known = CATEGORIES.some((c) => storedCategoryValue(c) === provider.category);
  useEffect(() => {
    document.getElementById(`${id}-${EDITABLE_FIELDS[0]}`)?.focus();
  }, [id]);

  const validate = () => {
    const found = providerChanges(provider, values);
    setProblems(found.problems);
    const first = EDITABLE_FIELDS.find((f) => found.problems[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return false;
    }
    const empty = Object.keys(found.changes).length === 0;
    setNothing(empty);
    return !empty;
  };

  const field = (f: EditableField, input: ReactNode) => (
    <div className={problems[f] ? 'admin-field admin-field--invalid' : 'admin-field'} key={f}>
      <label htmlFor={`${id}-${f}`} className="admin-field__label">
        {t(`editor.fields.${f}`)}
      </label>
      {input}
      {problems[f] ? (
        <p id={`${id}-${f}-error`} className="admin-field__error">
          {t(`editor.problems.${problems[f]}`)}
        </p>
      ) : null}
    </div>
  );
  const common = (f: EditableField) => ({
    id: `${id}-${f}`,
    className: 'admin-input',
    value: values[f],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      const v = e.target.value;
      setValues((x) => ({ ...x, [f]: v }));
      setNothing(false);
    },
    'aria-invalid': problems[f] ? true : undefined,
    'aria-describedby': problems[f] ? `${id}-${f}-error` : undefined,
  });

  return (
    <ReasonForm
      confirmLabel={t('editor.save')}
      validate={validate}
      onCancel={onCancel}
      escapeCancels
      onConfirm={async (reason) => {
        const { changes } = providerChanges(provider, values);
        const ok = await run(() => adminUpdateProvider(provider.id, changes, reason), t('editor.saved', { name: values.name.trim() }));
        if (ok) await onSaved(changes, reason);
        return ok;
      }}
    >
      <fieldset className="admin-editor">
        <legend>{t('editor.legend', { name: provider.name })}</legend>
        {field('name', <input {...common('name')} autoComplete="off" />)}
        {field('business_name', <input {...common('business_name')} autoComplete="off" />)}
        {field('mobile', <input {...common('mobile')} inputMode="tel" autoComplete="off" />)}
        {field(
          'category',
          <select {...common('category')}>
            {known ? null : <option value={provider.category}>{categoryName(t, lang, provider.category)}</option>}
            {CATEGORIES.map((c) => (
              <option key={c.id} value={storedCategoryValue(c)}>
                {categoryLabel(storedCategoryValue(c), lang)}
              </option>
            ))}
          </select>,
        )}
        {field('specialist_in', <input {...common('specialist_in')} autoComplete="off" />)}
        {field('experience', <input {...common('experience')} inputMode="numeric" autoComplete="off" />)}
        {field('address', <textarea {...common('address')} rows={2} />)}
        {nothing ? (
          <p role="alert" className="admin-field__error">
            {t('editor.nothingChanged')}
          </p>
        ) : null}
      </fieldset>
    </ReasonForm>
  );
}
