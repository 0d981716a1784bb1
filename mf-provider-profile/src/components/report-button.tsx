import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, currentLanguage, ensureLanguage, whenPageContentShown } from '@city/shared';
import type { ReportTarget } from '../api';

// The dialog (form, reasons, sending) is fetched when first wanted: the profile's first render
// carries only this button. Its strings come with it in Hindi; on an English page their English
// chunk is downloaded before it renders (no key is ever shown).
const loadDialog = () =>
  import('./report-dialog').then(async (dialog) => {
    await ensureLanguage(currentLanguage());
    return dialog;
  });
const ReportDialog = lazy(loadDialog);

/** "Report a problem" (a listing) or "Report" (a review), opening the report dialog. */
export function ReportButton({ target, describedBy }: { target: ReportTarget; describedBy?: string }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Fetched ahead once the profile is on screen, so a visitor whose connection then drops can
  // still report: the report is kept on the phone and sent later (api/outbox).
  useEffect(() => {
    if (target.kind !== 'provider') return;
    return whenPageContentShown(() => void loadDialog().catch(() => undefined));
  }, [target.kind]);
  return (
    <>
      <Button
        variant="secondary"
        size={target.kind === 'review' ? 'sm' : 'md'}
        className="provider-profile__report-button"
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {target.kind === 'provider' ? t('report.provider.open') : t('report.review.open')}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
