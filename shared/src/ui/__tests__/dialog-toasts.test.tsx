import { act, fireEvent, screen } from '@testing-library/react';
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
        <label>
          Name <input />
        </label>
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
    // The first toast of a page brings the items' chunk (the live region is there already).
    expect((await screen.findByTestId('toast')).closest('dialog')).not.toBeNull();
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

  it('Escape typed in a form field closes the toast, not the dialog', async () => {
    await renderWithProviders(<Page />);
    act(() => setOpen(true));
    act(() => void toastStore.getState().toast({ title: 'Error', variant: 'destructive' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    field.focus();
    const cancel = jest.fn();
    field.closest('dialog')!.addEventListener('keydown', cancel);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(cancel).not.toHaveBeenCalled();
    expect(field.closest('dialog')).toHaveAttribute('open');
  });

  it("the dialog's toasts hang below its header, not over its close button", async () => {
    await renderWithProviders(<Page />);
    act(() => setOpen(true));
    act(() => void toastStore.getState().toast({ title: 'Error', variant: 'destructive' }));
    const top = screen.getByRole('button', { name: 'Close' }).closest('.ui-dialog__top')!;
    expect(top).not.toBeNull();
    expect(top.lastElementChild).toContainElement(screen.getByTestId('toast'));
    expect(top.firstElementChild).toHaveClass('ui-dialog__header');
  });
});
