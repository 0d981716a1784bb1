import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, formatNumber, useLanguage } from '@city/shared';
import { Dialog } from '@city/shared/ui/dialog';
// The dialog's strings ('profileReport') come with its chunk.
import '../locales/report';
import {
  isAlreadyReported,
  REPORT_DETAILS_MAX,
  reportProblem,
  reportReasonsFor,
  sendReportOrKeep,
  type ReportReason,
  type ReportTarget,
} from '../api/reports';

type Outcome = 'sent' | 'queued' | 'already' | 'rateLimited' | 'network' | 'failed';

export interface ReportDialogProps {
  target: ReportTarget;
  open: boolean;
  onClose: () => void;
}

/**
 * "Report a problem": the reasons as radio buttons, words (required for "Other"), send. Loaded
 * on demand (report-button.tsx), so the profile's first render does not carry it.
 */
export default function ReportDialog({ target, open, onClose }: ReportDialogProps) {
  const { t } = useTranslation('profileReport');
  const lang = useLanguage();
  const ids = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof reportProblem>>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const firstReason = useRef<HTMLInputElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const prefix = target.kind === 'provider' ? 'provider' : 'review';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const found = reportProblem(reason, details, target.kind);
    setProblem(found);
    if (found) {
      (found === 'noReason' ? firstReason : detailsRef).current?.focus();
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      // Offline, it is kept on this phone and sent when back online (api/outbox).
      const result = await sendReportOrKeep(target, reason, details);
      setOutcome(result.status);
    } catch (err) {
      setOutcome(
        isAlreadyReported(err)
          ? 'already'
          : err instanceof ApiError && err.isRateLimited
            ? 'rateLimited'
            : err instanceof ApiError && err.isNetwork
              ? 'network'
              : 'failed',
      );
    } finally {
      setSending(false);
    }
  };

  const problemId = `${ids}-problem`;
  const detailsInvalid = problem === 'detailsRequired' || problem === 'tooLong';
  const done = outcome === 'sent' || outcome === 'queued' || outcome === 'already';
  const doneMessage = useRef<HTMLParagraphElement>(null);
  // The form the focus was in is gone: the message takes it (then Tab reaches Close).
  useEffect(() => {
    if (done) doneMessage.current?.focus();
  }, [done]);
  const close = () => {
    // A reopened form starts without the last try's messages (what was typed stays).
    setProblem(null);
    if (!done) setOutcome(null);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} title={t(`${prefix}.title`)} closeLabel={t('close')} className="provider-profile__report">
      {done ? (
        <div className="provider-profile__report-done">
          <p role="status" tabIndex={-1} ref={doneMessage}>
            {t(outcome === 'sent' ? 'thanks' : outcome === 'queued' ? 'queued' : 'already')}
          </p>
          <Button onClick={close}>{t('close')}</Button>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="provider-profile__report-form">
          <fieldset aria-describedby={problem === 'noReason' ? problemId : undefined}>
            <legend>{t('reasonLegend')}</legend>
            {reportReasonsFor(target.kind).map((r, i) => (
              <label key={r} className="provider-profile__report-reason">
                <input
                  ref={i === 0 ? firstReason : undefined}
                  type="radio"
                  name={`${ids}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    if (problem === 'noReason' || problem === 'detailsRequired') setProblem(null);
                  }}
                />
                {t(`reasons.${r}`)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${ids}-details`}>{reason === 'other' ? t('detailsRequired') : t('detailsOptional')}</label>
          <textarea
            id={`${ids}-details`}
            ref={detailsRef}
            rows={3}
            value={details}
            onChange={(e) => {
              setDetails(e.target.value);
              if (detailsInvalid) setProblem(null);
            }}
            aria-invalid={detailsInvalid || undefined}
            aria-describedby={detailsInvalid ? problemId : undefined}
          />
          {problem ? (
            <p id={problemId} role="alert" className="provider-profile__error">
              {t(`problems.${problem}`, { max: formatNumber(REPORT_DETAILS_MAX, lang) })}
            </p>
          ) : null}
          {outcome ? (
            <p role="alert" className="provider-profile__error">
              {t(`outcomes.${outcome as 'rateLimited' | 'network' | 'failed'}`)}
            </p>
          ) : null}
          <div className="provider-profile__report-actions">
            <Button type="submit" aria-disabled={sending || undefined}>
              {sending ? t('sending') : t('send')}
            </Button>
            <Button variant="secondary" onClick={close}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
