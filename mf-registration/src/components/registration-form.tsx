import { useEffect, useId, useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, CATEGORIES, OTHER_CATEGORY_ID, useLanguage } from '@city/shared';
import { REGISTRATION_LIMITS, type RegistrationField } from '../validation';
import { useRegistrationForm } from '../hooks/use-registration-form';
import { FormField } from './form-field';
import { focusServeField, ServeChoiceFields } from './serve-choice-fields';
import { SERVE_FIELD_ORDER, type ServeField } from '../validation/serve-choice';
import { displayPhone } from './my-listing/phone-sign-in';

export interface RegistrationFormProps {
  /** The signed-in phone's 10 digits: the listing's number, shown read-only. */
  mobile: string;
  /** A catalogue id chosen when no category was chosen yet (the list the visitor came from). */
  category?: string;
  /** Just signed in with a code in this dialog: the first field takes the focus. */
  focusFirstField?: boolean;
  /** Called after a successful registration (the dialog says what happens next). */
  onRegistered: () => void;
  /** The sign-in expired: the dialog asks for a new code (what was typed is kept). */
  onSignedOut: () => void;
  /** The visitor wants to register another number: the dialog asks for it and a code. */
  onUseAnotherNumber: () => void;
}

/** The free-registration form: every field labelled, errors beside the field, keyboard only. */
export function RegistrationForm({
  mobile,
  category,
  focusFirstField,
  onRegistered,
  onSignedOut,
  onUseAnotherNumber,
}: RegistrationFormProps) {
  const { t } = useTranslation('registration');
  const lang = useLanguage();
  const { values, errors, formError, pending, setField, submit, serve, serveErrors, setServe } = useRegistrationForm({
    mobile,
    category,
    onRegistered,
    onSignedOut,
  });
  const base = useId();
  const idOf = (field: RegistrationField) => `${base}-${field}`;
  const errorText = (field: RegistrationField) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  useEffect(() => {
    if (focusFirstField) document.getElementById(idOf('name'))?.focus();
    // Only when the form first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await submit();
    if ((outcome.status === 'invalid' || outcome.status === 'failed') && outcome.field) {
      const field = outcome.field;
      if ((SERVE_FIELD_ORDER as readonly string[]).includes(field)) focusServeField(`${base}-serve`, field as ServeField);
      else document.getElementById(idOf(field as RegistrationField))?.focus();
    }
  };

  // ~90 options: built once per language so typing in other fields does not re-render them.
  const categoryOptions = useMemo(
    () => (
      <>
        <option value="">{t('form.categoryPlaceholder')}</option>
        {CATEGORIES.map((c) => (
          <option key={c.id} value={c.id}>
            {`${c.icon} ${c[lang]}`}
          </option>
        ))}
        <option value={OTHER_CATEGORY_ID}>{t('form.otherOption')}</option>
      </>
    ),
    [t, lang],
  );

  const termsError = errorText('agreeToTerms');
  const termsErrorId = `${idOf('agreeToTerms')}-error`;

  return (
    <form className="registration-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={pending}>
      <p className="registration-form__intro">{t('intro')}</p>
      <p className="registration-form__note">{t('form.requiredNote')}</p>

      <FormField id={idOf('name')} label={t('form.name')} required error={errorText('name')}>
        {(control) => (
          <input
            {...control}
            className="registration-input"
            type="text"
            name="name"
            autoComplete="name"
            required
            maxLength={REGISTRATION_LIMITS.name}
            value={values.name}
            onChange={(e) => setField('name', e.target.value)}
          />
        )}
      </FormField>

      <FormField id={idOf('businessName')} label={t('form.businessName')} error={errorText('businessName')}>
        {(control) => (
          <input
            {...control}
            className="registration-input"
            type="text"
            name="businessName"
            autoComplete="organization"
            maxLength={REGISTRATION_LIMITS.businessName}
            value={values.businessName}
            onChange={(e) => setField('businessName', e.target.value)}
          />
        )}
      </FormField>

      <FormField id={idOf('mobile')} label={t('form.mobile')} hint={t('form.mobileSignedIn')} error={errorText('mobile')}>
        {(control) => (
          <input
            {...control}
            className="registration-input registration-input--readonly"
            type="tel"
            name="mobile"
            readOnly
            value={displayPhone(mobile)}
          />
        )}
      </FormField>
      <div className="registration-form__number">
        <Button type="button" variant="secondary" size="sm" disabled={pending} onClick={onUseAnotherNumber}>
          {t('form.useAnotherNumber')}
        </Button>
        {errors.mobile === 'validation.tooManyListings' ? <Link to="/my-listing">{t('form.manageListings')}</Link> : null}
      </div>

      <FormField id={idOf('categoryId')} label={t('form.category')} required error={errorText('categoryId')}>
        {(control) => (
          <select
            {...control}
            className="registration-input registration-select"
            name="category"
            required
            value={values.categoryId}
            onChange={(e) => setField('categoryId', e.target.value)}
          >
            {categoryOptions}
          </select>
        )}
      </FormField>

      {values.categoryId === OTHER_CATEGORY_ID ? (
        <FormField
          id={idOf('otherCategory')}
          label={t('form.otherCategory')}
          required
          hint={t('form.otherCategoryHint')}
          error={errorText('otherCategory')}
        >
          {(control) => (
            <input
              {...control}
              className="registration-input"
              type="text"
              name="otherCategory"
              required
              maxLength={REGISTRATION_LIMITS.otherCategory}
              value={values.otherCategory}
              onChange={(e) => setField('otherCategory', e.target.value)}
            />
          )}
        </FormField>
      ) : null}

      <FormField
        id={idOf('specialistIn')}
        label={t('form.specialistIn')}
        hint={t('form.specialistInHint')}
        error={errorText('specialistIn')}
      >
        {(control) => (
          <input
            {...control}
            className="registration-input"
            type="text"
            name="specialistIn"
            maxLength={REGISTRATION_LIMITS.specialistIn}
            value={values.specialistIn}
            onChange={(e) => setField('specialistIn', e.target.value)}
          />
        )}
      </FormField>

      <FormField id={idOf('aadhaar')} label={t('form.aadhaar')} hint={t('form.aadhaarHint')} error={errorText('aadhaar')}>
        {(control) => (
          <input
            {...control}
            className="registration-input"
            type="text"
            name="aadhaar"
            inputMode="numeric"
            autoComplete="off"
            value={values.aadhaar}
            onChange={(e) => setField('aadhaar', e.target.value)}
          />
        )}
      </FormField>

      <FormField id={idOf('experience')} label={t('form.experience')} required error={errorText('experience')}>
        {(control) => (
          <input
            {...control}
            className="registration-input registration-input--short"
            type="number"
            name="experience"
            inputMode="numeric"
            min={REGISTRATION_LIMITS.experienceMin}
            max={REGISTRATION_LIMITS.experienceMax}
            step={1}
            required
            value={values.experience}
            onChange={(e) => setField('experience', e.target.value)}
          />
        )}
      </FormField>

      <FormField id={idOf('address')} label={t('form.address')} required error={errorText('address')}>
        {(control) => (
          <textarea
            {...control}
            className="registration-input registration-textarea"
            name="address"
            autoComplete="street-address"
            rows={3}
            required
            maxLength={REGISTRATION_LIMITS.address}
            value={values.address}
            onChange={(e) => setField('address', e.target.value)}
          />
        )}
      </FormField>

      <ServeChoiceFields idBase={`${base}-serve`} values={serve} errors={serveErrors} onChange={setServe} disabled={pending} />

      <div className={['registration-terms', termsError ? 'registration-terms--invalid' : null].filter(Boolean).join(' ')}>
        <div className="registration-terms__row">
          <input
            id={idOf('agreeToTerms')}
            className="registration-terms__box"
            type="checkbox"
            name="agreeToTerms"
            required
            checked={values.agreeToTerms}
            onChange={(e) => setField('agreeToTerms', e.target.checked)}
            {...(termsError ? { 'aria-invalid': true, 'aria-describedby': termsErrorId } : {})}
          />
          <label className="registration-terms__label" htmlFor={idOf('agreeToTerms')}>
            {t('form.agreeToTerms')}
            <span className="registration-field__required" aria-hidden="true">
              {t('form.requiredMark')}
            </span>
          </label>
        </div>
        {termsError ? (
          <p id={termsErrorId} className="registration-field__error">
            {termsError}
          </p>
        ) : null}
        <Link className="registration-terms__link" to="/terms-conditions" target="_blank" rel="noopener noreferrer">
          {t('form.termsLink')}
        </Link>
      </div>

      {/* Not a live region: the toast (hosted in the dialog) announces it once. */}
      {formError ? <p className="registration-form__error">{formError}</p> : null}
      <div className="registration-form__actions">
        <Button type="submit" className="registration-form__submit" disabled={pending}>
          {pending ? t('form.submitting') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
