import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, WEEKDAYS, type Weekday } from '@city/shared';
import { validateHours, type DayValues, type HoursValues, type MyListingErrorKey } from '../../validation';

const WORKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * One time range for several days at once: tick the days, give the hours, apply. It only
 * fills the per-day fields below (the stored shape stays one range or "closed" per weekday);
 * the provider then saves as before.
 */
export function SameHours({ onApply }: { onApply: (patch: Partial<HoursValues>) => void }) {
  const { t } = useTranslation('registration');
  const base = useId();
  const [days, setDays] = useState<ReadonlySet<Weekday>>(() => new Set(WORKDAYS));
  const [open, setOpen] = useState('09:00');
  const [close, setClose] = useState('18:00');
  const [error, setError] = useState<MyListingErrorKey | 'myListing.hours.same.noDays' | null>(null);
  const [applied, setApplied] = useState<number | null>(null);

  const toggle = (day: Weekday, on: boolean) => {
    setDays((d) => {
      const next = new Set(d);
      if (on) next.add(day);
      else next.delete(day);
      return next;
    });
    setError(null);
    setApplied(null);
  };

  const apply = () => {
    setApplied(null);
    if (days.size === 0) {
      setError('myListing.hours.same.noDays');
      return;
    }
    const range: DayValues = { closed: false, open, close };
    // The same rule as each day's fields (times given, opening before closing).
    const checked = validateHours(Object.fromEntries(WEEKDAYS.map((d) => [d, range])) as HoursValues);
    if (!checked.ok) {
      setError(checked.errors.mon ?? 'myListing.validation.timesRequired');
      document.getElementById(`${base}-open`)?.focus();
      return;
    }
    setError(null);
    onApply(Object.fromEntries(WEEKDAYS.filter((d) => days.has(d)).map((d) => [d, range])));
    setApplied(days.size);
  };

  const errorId = `${base}-error`;
  const invalid = error && error !== 'myListing.hours.same.noDays' ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return (
    <fieldset className="my-listing__same-hours" aria-describedby={error === 'myListing.hours.same.noDays' ? errorId : undefined}>
      <legend>{t('myListing.hours.same.title')}</legend>
      <p className="my-listing__note">{t('myListing.hours.same.help')}</p>
      <div className="my-listing__same-days">
        {WEEKDAYS.map((day) => (
          <label key={day} className="my-listing__choice">
            <input type="checkbox" checked={days.has(day)} onChange={(e) => toggle(day, e.target.checked)} />
            <span>{t(`myListing.days.${day}`)}</span>
          </label>
        ))}
      </div>
      <span className="my-listing__times">
        <label>
          <span>{t('myListing.hours.opens')}</span>
          <input
            id={`${base}-open`}
            className="registration-input"
            type="time"
            value={open}
            onChange={(e) => {
              setOpen(e.target.value);
              setError(null);
            }}
            {...invalid}
          />
        </label>
        <label>
          <span>{t('myListing.hours.closes')}</span>
          <input
            className="registration-input"
            type="time"
            value={close}
            onChange={(e) => {
              setClose(e.target.value);
              setError(null);
            }}
            {...invalid}
          />
        </label>
      </span>
      <Button type="button" variant="secondary" onClick={apply}>
        {t('myListing.hours.same.apply')}
      </Button>
      {error ? (
        <p id={errorId} className="registration-field__error">
          {t(error)}
        </p>
      ) : null}
      <p role="status" className="my-listing__note">
        {applied !== null ? t('myListing.hours.same.applied', { count: applied }) : null}
      </p>
    </fieldset>
  );
}
