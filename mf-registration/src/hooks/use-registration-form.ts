import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES, getRuntimeConfig, toast, useLanguage } from '@city/shared';
import {
  EMPTY_REGISTRATION_VALUES,
  REGISTRATION_FIELD_ORDER,
  registrationErrorFor,
  registrationErrorForDbField,
  validateRegistration,
  type RegistrationErrorKey,
  type RegistrationErrors,
  type RegistrationField,
  type RegistrationFormValues,
} from '../validation';
import {
  EMPTY_SERVE_CHOICE,
  SERVE_FIELD_ORDER,
  validateServeChoice,
  type ServeChoiceValues,
  type ServeErrorKey,
  type ServeErrors,
  type ServeField,
} from '../validation/serve-choice';

/** Every field in the form's order: the place fields after the address, before the terms. */
const FIELD_ORDER: readonly (RegistrationField | ServeField)[] = [
  ...REGISTRATION_FIELD_ORDER.filter((f) => f !== 'agreeToTerms'),
  ...SERVE_FIELD_ORDER,
  'agreeToTerms',
];
import { registerProvider } from '../api';
import { buildOperatorMessage, operatorChatUrl } from '../utils/operator-message';
import {
  clearRegistrationDraft,
  loadRegistrationDraft,
  loadServeDraft,
  saveRegistrationDraft,
  saveServeDraft,
} from '../utils/registration-draft';
import { waitText } from '../utils/sign-in-message';

export type SubmitOutcome =
  | { status: 'invalid'; field: RegistrationField | ServeField }
  | { status: 'failed'; field: RegistrationField | ServeField | null }
  | { status: 'registered' }
  | { status: 'signed-out' }
  | { status: 'busy' };

export interface RegistrationFormOptions {
  /** The signed-in phone's 10 digits: the listing's number (the database takes it from the session). */
  mobile: string;
  /** A catalogue id to start with when the draft has no category (the list the visitor came from). */
  category?: string | undefined;
  onRegistered: () => void;
  /** The database says there is no phone session (any more): back to the code step, draft kept. */
  onSignedOut: () => void;
}

/**
 * State and submission of the registration form: validation (shown beside each field and as
 * a destructive toast), the RPC, the success toast and the operator's chat message. What was
 * typed is kept on any failure, and as a draft across reloads and a new sign-in (cleared once
 * registered); a second submit while one is pending is ignored. The mobile is the signed-in
 * phone's, never typed.
 */
export function useRegistrationForm({ mobile, category, onRegistered, onSignedOut }: RegistrationFormOptions) {
  const { t } = useTranslation('registration');
  const { t: tCommon } = useTranslation('common');
  const lang = useLanguage();
  // What was typed before a reload, a failed save or closing the dialog (utils/registration-draft).
  const [values, setValues] = useState<RegistrationFormValues>(() => {
    const draft = loadRegistrationDraft();
    if (draft.categoryId === '' && category && CATEGORIES.some((c) => c.id === category)) return { ...draft, categoryId: category };
    return draft;
  });
  const [errors, setErrors] = useState<RegistrationErrors>({});
  // Where they are and whom they serve (optional): its own values and errors (validation/serve-choice).
  // Kept in the draft as well (a reload keeps the chosen place and whom they serve).
  const [serve, setServeValues] = useState<ServeChoiceValues>(loadServeDraft);
  const [serveErrors, setServeErrors] = useState<ServeErrors>({});
  const [pending, setPending] = useState(false);
  // Why the last save failed when no field is to blame (a limit, the network), said in the form
  // as well as in the toast.
  const [formError, setFormError] = useState<string | null>(null);
  // A ref as well as state: two clicks in one frame both see pending === false.
  const inFlight = useRef(false);

  useEffect(() => saveRegistrationDraft(values), [values]);
  useEffect(() => saveServeDraft(serve), [serve]);

  const setField = useCallback(<K extends RegistrationField>(field: K, value: RegistrationFormValues[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => {
      if (prev[field] === undefined) return prev;
      const next = { ...prev };
      delete next[field];
      return next;
    });
  }, []);

  const setServe = useCallback((next: ServeChoiceValues, field: ServeField) => {
    setServeValues(next);
    setServeErrors((prev) => {
      if (prev[field] === undefined) return prev;
      const rest = { ...prev };
      delete rest[field];
      return rest;
    });
  }, []);

  const submit = useCallback(async (): Promise<SubmitOutcome> => {
    if (inFlight.current) return { status: 'busy' };
    const checked = validateRegistration({ ...values, mobile });
    const place = validateServeChoice(serve);
    setFormError(null);
    if (!checked.ok || !place.ok) {
      setErrors(checked.ok ? {} : checked.errors);
      setServeErrors(place.ok ? {} : place.errors);
      // The place fields come after the address, before the terms: the first error in that order.
      const all: Partial<Record<RegistrationField | ServeField, string>> = {
        ...(checked.ok ? {} : checked.errors),
        ...(place.ok ? {} : place.errors),
      };
      const first = FIELD_ORDER.find((f) => all[f] !== undefined)!;
      toast({
        title: tCommon('errors.errorTitle'),
        description: t(all[first] as RegistrationErrorKey | ServeErrorKey),
        variant: 'destructive',
      });
      return { status: 'invalid', field: first };
    }

    inFlight.current = true;
    setPending(true);
    setErrors({});
    setServeErrors({});
    try {
      // No place and the default mode: the registration of before (nothing about a place sent).
      const withPlace = place.args.p_place_kind !== null || place.args.p_serve_mode !== null;
      const result = await registerProvider(withPlace ? { ...checked.input, place: place.args } : checked.input);
      if (!result.ok) {
        if (result.reason === 'signed-out') {
          // The draft is kept (saved as typed); the dialog asks for a new code.
          onSignedOut();
          return { status: 'signed-out' };
        }
        if (result.reason === 'place') {
          setServeErrors({ [result.field]: result.key });
          toast({ title: tCommon('errors.errorTitle'), description: t(result.key), variant: 'destructive' });
          return { status: 'failed', field: result.field };
        }
        // A plain refusal goes through registrationErrorForDbField (a new version of the rules
        // may map a field of its own there); the answers of the phone-checked registration here.
        const atField =
          result.reason === 'invalid'
            ? result.field
              ? registrationErrorForDbField(result.field, values)
              : null
            : registrationErrorFor(result, values);
        let description = t('toast.registrationErrorDesc');
        if (atField) {
          setErrors({ [atField.field]: atField.key });
          if (result.reason !== 'invalid') description = t(atField.key);
        } else if (result.reason === 'rate-limited') {
          description = result.retryAfterSeconds
            ? t('toast.rateLimitedWait', { wait: waitText(result.retryAfterSeconds, t) })
            : t('toast.rateLimitedDesc');
          setFormError(description);
        } else if (result.reason === 'network') {
          description = t('toast.networkErrorDesc');
          setFormError(description);
        } else {
          setFormError(description);
        }
        toast({ title: tCommon('errors.errorTitle'), description, variant: 'destructive' });
        return { status: 'failed', field: atField?.field ?? null };
      }

      toast({ title: t('toast.registrationSuccessTitle'), description: t('toast.registrationSuccessDesc') });
      const message = buildOperatorMessage(checked.input, t, lang);
      window.open(operatorChatUrl(getRuntimeConfig().operatorWhatsapp, message), '_blank', 'noopener');
      clearRegistrationDraft();
      setValues({ ...EMPTY_REGISTRATION_VALUES });
      setServeValues({ ...EMPTY_SERVE_CHOICE });
      onRegistered();
      return { status: 'registered' };
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, [values, serve, mobile, t, tCommon, lang, onRegistered, onSignedOut]);

  return { values, errors, formError, pending, setField, submit, serve, serveErrors, setServe };
}
