import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, WEEKDAYS, type Weekday } from '@city/shared';
import { setMyOpeningHours, type MyListing } from '../../api';
import { hoursValuesOf, validateHours, type DayValues, type HoursValues, type MyListingErrorKey } from '../../validation';
import { useSave } from '../../hooks/use-save';
import { FormMessage } from './form-message';
import { SameHours } from './same-hours';

/** Opening hours per weekday: closed, or an opening and a closing time. */
export function HoursForm({ listing, onSaved }: { listing: MyListing; onSaved: () => void }) {
  const { t } = useTranslation('registration');
  const base = useId();
  const [values, setValues] = useState<HoursValues>(() => hoursValuesOf(listing.opening_hours));
  const [errors, setErrors] = useState<Partial<Record<Weekday, MyListingErrorKey>>>({});
  const { busy, message, setMessage, save } = useSave(onSaved);
  const setDay = (day: Weekday, patch: Partial<DayValues>) => {
    setValues((v) => ({ ...v, [day]: { ...v[day], ...patch } }));
    setErrors((e) => ({ ...e, [day]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateHours(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setMessage(null);
      const first = WEEKDAYS.find((d) => checked.errors[d]);
      if (first) document.getElementById(`${base}-${first}-open`)?.focus();
      return;
    }
    void save(() => setMyOpeningHours(listing.id, checked.input), t('myListing.hours.saved'));
  };

  return (
    <form className="my-listing__form" noValidate onSubmit={onSubmit} aria-labelledby={`${base}-title`} aria-busy={busy}>
      <h3 id={`${base}-title`}>{t('myListing.hours.title')}</h3>
      <p className="my-listing__note">
        {listing.opening_hours
          ? t(listing.status === 'approved' ? 'myListing.hours.note' : 'myListing.hours.noteNotPublic')
          : t('myListing.hours.none')}
      </p>
      <SameHours
        onApply={(patch) => {
          setValues((v) => ({ ...v, ...patch }));
          setErrors((e) => Object.fromEntries(Object.entries(e).filter(([day]) => !(day in patch))));
        }}
      />
      {WEEKDAYS.map((day) => {
        const d = values[day];
        const name = t(`myListing.days.${day}`);
        const errorId = `${base}-${day}-error`;
        const invalid = errors[day] ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
        return (
          <fieldset key={day} className="my-listing__day">
            <legend>{name}</legend>
            <label className="my-listing__choice">
              <input
                type="checkbox"
                checked={d.closed}
                onChange={(e) => setDay(day, { closed: e.target.checked })}
                aria-label={t('myListing.hours.closedOn', { day: name })}
              />
              <span aria-hidden="true">{t('myListing.hours.closed')}</span>
            </label>
            {d.closed ? null : (
              <span className="my-listing__times">
                <label>
                  <span aria-hidden="true">{t('myListing.hours.opens')}</span>
                  <input
                    id={`${base}-${day}-open`}
                    className="registration-input"
                    type="time"
                    value={d.open}
                    aria-label={t('myListing.hours.opensOn', { day: name })}
                    onChange={(e) => setDay(day, { open: e.target.value })}
                    {...invalid}
                  />
                </label>
                <label>
                  <span aria-hidden="true">{t('myListing.hours.closes')}</span>
                  <input
                    className="registration-input"
                    type="time"
                    value={d.close}
                    aria-label={t('myListing.hours.closesOn', { day: name })}
                    onChange={(e) => setDay(day, { close: e.target.value })}
                    {...invalid}
                  />
                </label>
              </span>
            )}
            {errors[day] ? (
              <p id={errorId} className="registration-field__error">
                {t(errors[day])}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <div className="my-listing__actions">
        <Button type="submit" disabled={busy}>
          {busy ? t('myListing.saving') : t('myListing.hours.save')}
        </Button>
        {listing.opening_hours ? (
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            onClick={() => void save(() => setMyOpeningHours(listing.id, null), t('myListing.hours.cleared'))}
          >
            {t('myListing.hours.clear')}
          </Button>
        ) : null}
      </div>
      <FormMessage message={message} />
    </form>
  );
}
