import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useLanguage, type ServeMode } from '@city/shared';
import { PlacePicker } from '@city/shared/places';
import {
  placeKey,
  SERVE_LIMITS,
  SERVE_MODES,
  type ChosenPlace,
  type ServeChoiceValues,
  type ServeErrors,
  type ServeField,
} from '../validation/serve-choice';
import { FormField } from './form-field';

const OWN_KINDS = ['village', 'ward', 'town'] as const;

/** The name of a chosen place in the language (the other script when that one is missing). */
function chosenPlaceName(place: ChosenPlace, lang: 'hi' | 'en'): string {
  return lang === 'hi' ? place.nameHi || place.nameEn : place.nameEn || place.nameHi || '';
}

/** The id of a field's box (the form focuses the first control inside it on an error). */
const serveFieldId = (base: string, field: ServeField) => `${base}-${field}`;

/** Focuses the control of a place field (the picker's input, a radio, the radius). */
export function focusServeField(base: string, field: ServeField): void {
  const box = document.getElementById(serveFieldId(base, field));
  const control = box?.matches('input, select, textarea') ? box : box?.querySelector<HTMLElement>('input, select, textarea, button');
  control?.focus();
}

export interface ServeChoiceFieldsProps {
  /** A prefix for the fields' ids (unique on the page). */
  idBase: string;
  values: ServeChoiceValues;
  errors: ServeErrors;
  onChange: (next: ServeChoiceValues, field: ServeField) => void;
  disabled?: boolean;
  /** Errors that came from the server are announced when they appear. */
  live?: boolean;
}

/**
 * The provider's place (typed in either script, chosen from the district's places) and whom
 * they serve: their place and nearby within a radius, the whole tehsil, or a list of up to 30
 * places (chips, each removable). Errors beside each field.
 */
export function ServeChoiceFields({ idBase, values, errors, onChange, disabled, live }: ServeChoiceFieldsProps) {
  const { t } = useTranslation('registration');
  const lang = useLanguage();
  const group = useId();
  const error = (field: ServeField) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  // The error line's id, for the control it is about (aria-describedby), while there is one.
  const errorId = (field: ServeField) => (errors[field] ? `${serveFieldId(idBase, field)}-error` : undefined);
  const errorLine = (field: ServeField) => {
    const text = error(field);
    return text ? (
      <p id={errorId(field)} className="registration-field__error" role={live ? 'alert' : undefined}>
        {text}
      </p>
    ) : null;
  };
  const set = (patch: Partial<ServeChoiceValues>, field: ServeField) => onChange({ ...values, ...patch }, field);
  const full = values.list.length >= SERVE_LIMITS.listMax;

  return (
    <fieldset className="serve-choice" disabled={disabled}>
      <legend className="registration-field__label">{t('place.legend')}</legend>
      <p className="registration-field__hint">{t('place.hint')}</p>

      <div
        id={serveFieldId(idBase, 'place')}
        className={['registration-field', errors.place ? 'registration-field--invalid' : null].filter(Boolean).join(' ')}
      >
        <PlacePicker
          id={`${serveFieldId(idBase, 'place')}-input`}
          label={t('place.place')}
          value={values.place}
          kinds={OWN_KINDS}
          invalid={!!errors.place}
          describedBy={errorId('place')}
          onChange={(place) => set({ place }, 'place')}
        />
        {values.place ? (
          <Button type="button" variant="secondary" size="sm" className="serve-choice__clear" onClick={() => set({ place: null }, 'place')}>
            {t('place.clearPlace', { place: chosenPlaceName(values.place, lang) })}
          </Button>
        ) : null}
        {errorLine('place')}
      </div>

      <fieldset id={serveFieldId(idBase, 'serveMode')} className="serve-choice__modes" aria-describedby={errorId('serveMode')}>
        <legend className="registration-field__label">{t('place.mode')}</legend>
        {SERVE_MODES.map((mode: ServeMode) => (
          <label key={mode} className="serve-choice__mode">
            <input
              type="radio"
              name={`${group}-mode`}
              value={mode}
              checked={values.mode === mode}
              onChange={() => set({ mode }, 'serveMode')}
            />
            <span>{t(`place.modes.${mode}`)}</span>
          </label>
        ))}
        {errorLine('serveMode')}
      </fieldset>

      {values.mode === 'nearby' ? (
        <FormField
          id={serveFieldId(idBase, 'serveRadius')}
          label={t('place.radius')}
          hint={t('place.radiusHint')}
          error={error('serveRadius')}
          live={live}
        >
          {(control) => (
            <input
              {...control}
              className="registration-input registration-input--short"
              type="number"
              inputMode="numeric"
              min={SERVE_LIMITS.radiusMin}
              max={SERVE_LIMITS.radiusMax}
              step={1}
              value={values.radiusKm}
              onChange={(e) => set({ radiusKm: e.target.value }, 'serveRadius')}
            />
          )}
        </FormField>
      ) : null}

      {values.mode === 'list' ? (
        <div
          id={serveFieldId(idBase, 'servePlaces')}
          className={['registration-field', errors.servePlaces ? 'registration-field--invalid' : null].filter(Boolean).join(' ')}
        >
          {full ? (
            <p className="registration-field__hint">{t('place.listFull', { max: SERVE_LIMITS.listMax })}</p>
          ) : (
            <PlacePicker
              // A new picker after each place added: its box is empty for the next one.
              key={values.list.length}
              label={t('place.addPlace')}
              value={null}
              kinds={OWN_KINDS}
              invalid={!!errors.servePlaces}
              describedBy={errorId('servePlaces')}
              onChange={(place) => {
                if (values.list.some((p) => placeKey(p) === placeKey(place))) return;
                set({ list: [...values.list, place] }, 'servePlaces');
              }}
            />
          )}
          <p className="registration-field__hint" aria-live="polite">
            {t('place.listCount', { count: values.list.length, max: SERVE_LIMITS.listMax })}
          </p>
          {values.list.length > 0 ? (
            <ul className="serve-choice__chips" aria-label={t('place.listLabel')}>
              {values.list.map((p) => (
                <li key={placeKey(p)} className="serve-choice__chip">
                  <span>{chosenPlaceName(p, lang)}</span>
                  <button
                    type="button"
                    className="serve-choice__remove"
                    aria-label={t('place.remove', { place: chosenPlaceName(p, lang) })}
                    onClick={() => set({ list: values.list.filter((q) => placeKey(q) !== placeKey(p)) }, 'servePlaces')}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {errorLine('servePlaces')}
        </div>
      ) : null}
    </fieldset>
  );
}
