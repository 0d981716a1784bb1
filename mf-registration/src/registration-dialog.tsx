import { useTranslation } from 'react-i18next';
import { Dialog, type RegistrationDialogProps } from '@city/shared';

/** The free-registration modal. The registration issue adds the form. */
export default function RegistrationDialog({ open, onClose }: RegistrationDialogProps) {
  const { t } = useTranslation('registration');
  return (
    <Dialog open={open} onClose={onClose} title={t('title')} closeLabel={t('close')}>
      <p>{t('intro')}</p>
    </Dialog>
  );
}
