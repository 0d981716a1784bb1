import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a field's control needs to be tied to its label, hint and error. */
interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  /** Translated error message, shown under the control. */
  error?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
  /** Announce the error when it appears (role="alert"): for errors that come from the server. */
  live?: boolean;
}

/** A labelled form control with an optional hint and its error message beside it. */
export function FormField({ id, label, required, hint, error, children, live }: FormFieldProps) {
  const { t } = useTranslation('registration');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={['registration-field', error ? 'registration-field--invalid' : null].filter(Boolean).join(' ')}>
      <label className="registration-field__label" htmlFor={id}>
        {label}
        {required ? (
          <span className="registration-field__required" aria-hidden="true">
            {t('form.requiredMark')}
          </span>
        ) : null}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint ? (
        <p id={hintId} className="registration-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="registration-field__error" role={live ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
