import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@city/shared';
import { updateMyDetails, type MyListing } from '../../api';
import { REGISTRATION_LIMITS, validateDetails, type DetailsValues, type MyListingErrorKey } from '../../validation';
import { useSave } from '../../hooks/use-save';
import { FormField } from '../form-field';
import { FormMessage } from './form-message';

/** Business name, specialisation, address, experience: saved and public at once. */
export function DetailsForm({ listing, onSaved }: { listing: MyListing; onSaved: () => void }) {
  const { t } = useTranslation('registration');
  const base = useId();
  const [values, setValues] = useState<DetailsValues>(() => ({
    businessName: listing.business_name ?? '',
    specialistIn: listing.specialist_in ?? '',
    address: listing.address,
    experience: String(listing.experience ?? 0),
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof DetailsValues, MyListingErrorKey>>>({});
  const { busy, message, setMessage, save } = useSave(onSaved);
  const set = (field: keyof DetailsValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const err = (field: keyof DetailsValues) => (errors[field] ? t(errors[field]) : undefined);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateDetails(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setMessage(null);
      const first = (['businessName', 'specialistIn', 'address', 'experience'] as const).find((f) => checked.errors[f]);
      if (first) document.getElementById(`${base}-${first}`)?.focus();
      return;
    }
    void save(
      () => updateMyDetails(listing.id, checked.input),
      t(listing.status === 'approved' ? 'myListing.details.saved' : 'myListing.details.savedNotPublic'),
      (failure) => {
        // The database's own check of owner text: said beside the field, like the form's.
        if (failure.reason !== 'contact-details') return;
        const field = failure.field === 'business_name' ? 'businessName' : 'specialistIn';
        setErrors((e) => ({ ...e, [field]: 'myListing.validation.noContact' }));
        document.getElementById(`${base}-${field}`)?.focus();
      },
    );
  };

  return (
    <form className="my-listing__form" noValidate onSubmit={onSubmit} aria-labelledby={`${base}-title`} aria-busy={busy}>
      <h3 id={`${base}-title`}>{t('myListing.details.title')}</h3>
      <p className="my-listing__note">{t(listing.status === 'approved' ? 'myListing.details.note' : 'myListing.details.noteNotPublic')}</p>
      <FormField id={`${base}-businessName`} label={t('myListing.details.businessName')} error={err('businessName')}>
        {(c) => (
          <input
            {...c}
            className="registration-input"
            type="text"
            maxLength={REGISTRATION_LIMITS.businessName}
            value={values.businessName}
            onChange={(e) => set('businessName', e.target.value)}
          />
        )}
      </FormField>
      <FormField id={`${base}-specialistIn`} label={t('myListing.details.specialistIn')} error={err('specialistIn')}>
        {(c) => (
          <input
            {...c}
            className="registration-input"
            type="text"
            maxLength={REGISTRATION_LIMITS.specialistIn}
            value={values.specialistIn}
            onChange={(e) => set('specialistIn', e.target.value)}
          />
        )}
      </FormField>
      <FormField id={`${base}-address`} label={t('myListing.details.address')} required error={err('address')}>
        {(c) => (
          <textarea
            {...c}
            className="registration-input registration-textarea"
            rows={3}
            required
            maxLength={REGISTRATION_LIMITS.address}
            value={values.address}
            onChange={(e) => set('address', e.target.value)}
          />
        )}
      </FormField>
      <FormField id={`${base}-experience`} label={t('myListing.details.experience')} required error={err('experience')}>
        {(c) => (
          <input
            {...c}
            className="registration-input registration-input--short"
            type="number"
            inputMode="numeric"
            min={REGISTRATION_LIMITS.experienceMin}
            max={REGISTRATION_LIMITS.experienceMax}
            step={1}
            required
            value={values.experience}
            onChange={(e) => set('experience', e.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" disabled={busy}>
        {busy ? t('myListing.saving') : t('myListing.details.save')}
      </Button>
      <FormMessage message={message} />
    </form>
  );
}
