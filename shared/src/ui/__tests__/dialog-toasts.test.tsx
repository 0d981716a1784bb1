import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing';
import { toastStore } from '../../stores/toast-store';
import { PAGE_TOAST_HOST } from '../../stores/toast-host';
import { Dialog } from '../dialog';
import { ToastViewport } from '../toast-viewport';

let setOpen: (open: boolean) => void = () => undefined;

function Page() {
  const [open, set] = useState(false);
  setOpen = set;
  return (
    <>
      <ToastViewport hostId={PAGE_TOAST_HOST} />
      <Dialog open={open} onClose={() => set(false)} title="Form" closeLabel="Close">
        <p>fields</p>
      </Dialog>
    </>
  );
}

describe('toasts and modal dialogs', () => {
  afterEach(() => act(() => toastStore.getState().dismiss()));

  it('an open dialog hosts the toasts (the page behind it is inert), the page gets them back on close', async () => {
    await renderWithProviders(<Page />);
    act(() => setOpen(true));
    act(() => void toastStore.getState().toast({ title: 'Error', variant: 'destructive' }));
    expect(screen.getByTestId('toast').closest('dialog')).not.toBeNull();
    expect(screen.getAllByTestId('toast')).toHaveLength(1);

    act(() => setOpen(false));
    expect(screen.getByTestId('toast').closest('dialog')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Error');
  });

  it('without a dialog the page draws the toasts', async () => {
    await renderWithProviders(<Page />);
    act(() => void toastStore.getState().toast({ title: 'Saved' }));
    expect(screen.getByTestId('toast').closest('dialog')).toBeNull();
  });
});
