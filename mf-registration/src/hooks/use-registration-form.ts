import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig, toast, useLanguage } from '@city/shared';
import {
  EMPTY_REGISTRATION_VALUES,
  registrationErrorForDbField,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationFormValues,
} from '../validation';
import { registerProvider } from '../api';
import { buildOperatorMessage, operatorChatUrl } from '../utils/operator-message';
import { clearRegistrationDraft, loadRegistrationDraft, saveRegistrationDraft } from '../utils/registration-draft';

export type SubmitOutcome =
  | { status: 'invalid'; field: RegistrationField }
  | { status: 'failed'; field: RegistrationField | null }
  | { status: 'registered' }
  | { status: 'busy' };

/**
 * State and submission of the registration form: validation (shown beside each field and as
 * a destructive toast), the RPC, the success toast and the operator's chat message. What was
 * typed is kept on any failure, and as a draft across reloads (cleared once registered); a
 * second submit while one is pending is ignored.
 */
export function useRegistrationForm(onRegistered: () => void) {
  const { t } = useTranslation('registration');
  const { t: tCommon } = useTranslation('common');
  const lang = useLanguage();
  // What was typed before a reload, a failed save or closing the dialog (utils/registration-draft).
  const [values, setValues] = useState<RegistrationFormValues>(loadRegistrationDraft);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [pending, setPending] = useState(false);
  // Why the last save failed, shown inside the dialog too: a modal dialog makes the rest of
  // the page (the toaster included) inert and puts it under the backdrop.
  // A ref as well as state: two clicks in one frame both see pending === false.
  const inFlight = useRef(false);

  useEffect(() => saveRegistrationDraft(values), [values]);

  const setField = useCallback(<K extends RegistrationField>(field: K, value: RegistrationFormValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => {
      if (prev[field] === undefined) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);

  const submit = useCallback(async (): Promise<SubmitOutcome> => {
    if (inFlight.current) return { status: 'busy' };
    const checked = validateRegistration(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      const key = checked.errors[checked.firstInvalid]!;
      toast({ title: tCommon('errors.errorTitle'), description: t(key), variant: 'destructive' });
      return { status: 'invalid', field: checked.firstInvalid };
    }

    inFlight.current = true;
    setPending(true);
    setErrors({});
    try {
      const result = await registerProvider(checked.input);
      if (!result.ok) {
        let description = t('toast.registrationErrorDesc');
        let field: RegistrationField | null = null;
        if (result.reason === 'rate-limited') description = t('toast.rateLimitedDesc');
        else if (result.reason === 'network') description = t('toast.networkErrorDesc');
        else if (result.reason === 'invalid' && result.field) {
          const mapped = registrationErrorForDbField(result.field, values);
          field = mapped.field;
          setErrors({ [mapped.field]: mapped.key });
        }
        toast({ title: tCommon('errors.errorTitle'), description, variant: 'destructive' });
        return { status: 'failed', field };
      }

      toast({ title: t('toast.registrationSuccessTitle'), description: t('toast.registrationSuccessDesc') });
      const message = buildOperatorMessage(checked.input, t, lang);
      window.open(operatorChatUrl(getRuntimeConfig().operatorWhatsapp, message), '_blank', 'noopener');
      clearRegistrationDraft();
      setValues({ ...EMPTY_REGISTRATION_VALUES });
      onRegistered();
      return { status: 'registered' };
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, [values, t, tCommon, lang, onRegistered]);

  return { values, errors, pending, setField, submit };
}
