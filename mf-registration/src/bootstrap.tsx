import { useState } from 'react';
import { mountStandalone } from '@city/shared/harness';
import RegistrationDialog from './registration-dialog';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <RegistrationDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
void mountStandalone('mf_registration', () => <Harness />);
