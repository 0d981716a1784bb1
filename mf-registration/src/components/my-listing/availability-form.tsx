import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatDate, isOnLeave, kolkataToday, useLanguage } from '@city/shared';
import { setMyAvailability, type MyListing } from '../../api';
import { validateLeaveUntil, type MyListingErrorKey } from '../../validation';
import { useSave } from '../../hooks/use-save';
import { FormField } from '../form-field';
import { FormMessage } from './form-message';

/** A YYYY-MM-DD date in words, as the calendar date (never shifted by the device's time zone). */
export const formatDay = (day: string, lang: 'hi' | 'en') => formatDate(`${day}T00:00:00Z`, lang, { dateStyle: 'long', timeZone: 'UTC' });

/** "Available today" or "on leave until DATE" (the date input starts at today, Asia/Kolkata). */
export function AvailabilityForm({ listing, onSaved }: { listing: MyListing; onSaved: () => void }) {
  const { t } = useTranslation('registration');
  const lang = useLanguage();
  const base = useId();
  const today = kolkataToday();
  const onLeave = isOnLeave(listing.on_leave_until);
  const [choice, setChoice] = useState<'available' | 'leave'>(onLeave ? 'leave' : 'available');
  const [until, setUntil] = useState(onLeave ? listing.on_leave_until!.slice(0, 10) : '');
  const [error, setError] = useState<MyListingErrorKey | null>(null);
  const { busy, message, setMessage, save } = useSave(onSaved);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (choice === 'available') {
      void save(() => setMyAvailability(listing.id, null), t('myListing.availability.saved'));
      return;
    }
    const checked = validateLeaveUntil(until, today);
    if (!checked.ok) {
      setError(checked.errors.date ?? 'myListing.validation.dateRequired');
      setMessage(null);
      document.getElementById(`${base}-until`)?.focus();
      return;
    }
    void save(() => setMyAvailability(listing.id, checked.input), t('myListing.availability.saved'));
  };

  return (
    <form className="my-listing__form" noValidate onSubmit={onSubmit} aria-labelledby={`${base}-title`} aria-busy={busy}>
      <h3 id={`${base}-title`}>{t('myListing.availability.title')}</h3>
      <p className="my-listing__note">
        {/* "Visitors see you as ..." only where visitors see the listing. */}
        {onLeave
          ? t(listing.status === 'approved' ? 'myListing.availability.currentOnLeave' : 'myListing.availability.markedOnLeave', {
              date: formatDay(listing.on_leave_until!.slice(0, 10), lang),
            })
          : t(listing.status === 'approved' ? 'myListing.availability.currentAvailable' : 'myListing.availability.markedAvailable')}
      </p>
      <fieldset className="my-listing__choices">
        <legend className="my-listing__sr-only">{t('myListing.availability.title')}</legend>
        <label className="my-listing__choice">
          <input type="radio" name={`${base}-choice`} checked={choice === 'available'} onChange={() => setChoice('available')} />
          {t('myListing.availability.available')}
        </label>
        <label className="my-listing__choice">
          <input type="radio" name={`${base}-choice`} checked={choice === 'leave'} onChange={() => setChoice('leave')} />
          {t('myListing.availability.onLeave')}
        </label>
      </fieldset>
      {choice === 'leave' ? (
        <FormField id={`${base}-until`} label={t('myListing.availability.until')} required error={error ? t(error) : undefined}>
          {(c) => (
            <input
              {...c}
              className="registration-input registration-input--short"
              type="date"
              required
              min={today}
              value={until}
              onChange={(e) => {
                setUntil(e.target.value);
                setError(null);
              }}
            />
          )}
        </FormField>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? t('myListing.saving') : t('myListing.availability.save')}
      </Button>
      <FormMessage message={message} />
    </form>
  );
}
