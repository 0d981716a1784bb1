import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, CATEGORIES, OTHER_CATEGORY_ID, useLanguage } from '@city/shared';
import { requestListingChange, type MyListing } from '../../api';
import { changeValuesOf, REGISTRATION_LIMITS, validateChange, type ChangeValues, type MyListingErrorKey } from '../../validation';
import { useSave } from '../../hooks/use-save';
import { FormField } from '../form-field';
import { FormMessage } from './form-message';

/** Name, category, mobile: a request to the operator; the public keeps the old values meanwhile. */
export function ChangeForm({ listing, onSaved }: { listing: MyListing; onSaved: () => void }) {
  const { t } = useTranslation('registration');
  const lang = useLanguage();
  const base = useId();
  const [values, setValues] = useState<ChangeValues>(() => changeValuesOf(listing));
  const [errors, setErrors] = useState<Partial<Record<keyof ChangeValues | 'form', MyListingErrorKey>>>({});
  const { busy, message, setMessage, save } = useSave(onSaved);
  const set = (field: keyof ChangeValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };
  const err = (field: keyof ChangeValues) => (errors[field] ? t(errors[field]) : undefined);

  const options = useMemo(
    () => (
      <>
        {CATEGORIES.map((c) => (
          <option key={c.id} value={c.id}>
            {`${c.icon} ${c[lang]}`}
          </option>
        ))}
        <option value={OTHER_CATEGORY_ID}>{t('myListing.change.otherOption')}</option>
      </>
    ),
    [t, lang],
  );

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateChange(values, listing);
    if (!checked.ok) {
      setErrors(checked.errors);
      setMessage(checked.errors.form ? { tone: 'error', text: t(checked.errors.form) } : null);
      const first = (['name', 'categoryId', 'otherCategory', 'mobile'] as const).find((f) => checked.errors[f]);
      if (first) document.getElementById(`${base}-${first}`)?.focus();
      return;
    }
    void save(() => requestListingChange(listing.id, checked.input), t('myListing.change.sent'));
  };

  return (
    <form className="my-listing__form" noValidate onSubmit={onSubmit} aria-labelledby={`${base}-title`} aria-busy={busy}>
      <h3 id={`${base}-title`}>{t('myListing.change.title')}</h3>
      <p className="my-listing__note">{t('myListing.change.note')}</p>
      <FormField id={`${base}-name`} label={t('myListing.change.name')} required error={err('name')}>
        {(c) => (
          <input
            {...c}
            className="registration-input"
            type="text"
            required
            maxLength={REGISTRATION_LIMITS.name}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        )}
      </FormField>
      <FormField id={`${base}-categoryId`} label={t('myListing.change.category')} required error={err('categoryId')}>
        {(c) => (
          <select
            {...c}
            className="registration-input registration-select"
            value={values.categoryId}
            onChange={(e) => set('categoryId', e.target.value)}
          >
            {options}
          </select>
        )}
      </FormField>
      {values.categoryId === OTHER_CATEGORY_ID ? (
        <FormField id={`${base}-otherCategory`} label={t('myListing.change.otherCategory')} required error={err('otherCategory')}>
          {(c) => (
            <input
              {...c}
              className="registration-input"
              type="text"
              required
              maxLength={REGISTRATION_LIMITS.otherCategory}
              value={values.otherCategory}
              onChange={(e) => set('otherCategory', e.target.value)}
            />
          )}
        </FormField>
      ) : null}
      <FormField id={`${base}-mobile`} label={t('myListing.change.mobile')} required error={err('mobile')}>
        {(c) => (
          <input
            {...c}
            className="registration-input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            value={values.mobile}
            onChange={(e) => set('mobile', e.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" disabled={busy}>
        {busy ? t('myListing.saving') : t('myListing.change.submit')}
      </Button>
      <FormMessage message={message} />
    </form>
  );
}
