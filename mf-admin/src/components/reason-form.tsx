import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatNumber, useLanguage } from '@city/shared';
import { REASON_MAX, reasonProblem } from '../validation/console';

export interface ReasonFormProps {
  /** What the button does ("Suspend listing"); also names the form. */
  confirmLabel: string;
  /** Saves with the reason; resolves true when done (the form then usually goes away). */
  onConfirm: (reason: string) => Promise<boolean>;
  onCancel: () => void;
  danger?: boolean;
  /** Extra fields above the reason (an Aadhaar number, a warning). */
  children?: ReactNode;
  /** Checks the extra fields first; a problem stops the save. */
  validate?: () => boolean;
  /** The reason is stored where the provider can read it (a listing change's decision), not only in the audit log. */
  providerSees?: boolean;
  /** Escape cancels (an editor opened in place of its button); the caller returns focus. */
  escapeCancels?: boolean;
}

/**
 * Every operator decision keeps a reason (the audit log shows it). An empty reason: a
 * translated message, focus on the field, nothing sent.
 */
export function ReasonForm({
  confirmLabel,
  onConfirm,
  onCancel,
  danger,
  children,
  validate,
  providerSees,
  escapeCancels,
}: ReasonFormProps) {
  const { t } = useTranslation('admin');
  const lang = useLanguage();
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof reasonProblem>>(null);
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const mounted = useRef(true);
  const form = useRef<HTMLFormElement>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  const busy = useRef(false);
  busy.current = saving;
  useEffect(() => {
    const el = form.current;
    if (!escapeCancels || !el) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || busy.current) return;
      e.preventDefault();
      cancel.current();
    };
    el.addEventListener('keydown', onKey);
    return () => el.removeEventListener('keydown', onKey);
  }, [escapeCancels]);
  useEffect(() => {
    mounted.current = true;
    if (!children) field.current?.focus();
    return () => {
      mounted.current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focus once, on opening
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    if (validate && !validate()) return;
    const found = reasonProblem(reason);
    setProblem(found);
    if (found) {
      field.current?.focus();
      return;
    }
    setSaving(true);
    await onConfirm(reason.trim());
    if (mounted.current) setSaving(false);
  };

  return (
    <form ref={form} className="admin-reason" onSubmit={(e) => void onSubmit(e)} noValidate aria-label={confirmLabel} aria-busy={saving}>
      {children}
      <label htmlFor={`${id}-reason`} className="admin-field__label">
        {t('reason.label')}
      </label>
      <textarea
        ref={field}
        id={`${id}-reason`}
        className="admin-input admin-card__reason"
        rows={2}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          if (problem) setProblem(null);
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
      />
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="admin-field__error">
          {t(`reason.${problem}`, { max: formatNumber(REASON_MAX, lang) })}
        </p>
      ) : (
        <p id={`${id}-hint`} className="admin-field__hint">
          {providerSees ? t('reason.hintProvider') : t('reason.hint')}
        </p>
      )}
      <div className="admin-card__actions">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} aria-disabled={saving || undefined}>
          {saving ? t('actions.saving') : confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('actions.cancel')}
        </Button>
      </div>
    </form>
  );
}
