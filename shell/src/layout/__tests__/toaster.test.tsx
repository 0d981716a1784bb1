import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@city/shared/testing';
import { toastStore } from '@city/shared';
import { Toaster } from '../toaster';

const show = (title = 'Saved', extra: object = {}) => act(() => void toastStore.getState().toast({ title, ...extra }));

describe('Toaster', () => {
  beforeEach(() => act(() => toastStore.getState().dismiss()));
  afterEach(() => jest.useRealTimers());

  it('shows one toast at a time, announced politely (destructive as an alert)', async () => {
    await renderWithProviders(<Toaster />);
    show('first');
    show('second', { variant: 'destructive', description: 'details' });
    // The first toast of a page brings the items' chunk (the live region is there already).
    expect(await screen.findAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('seconddetails');
  });

  it('closes with its close button and with Escape', async () => {
    await renderWithProviders(<Toaster />);
    show('one');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByTestId('toast')).toBeNull();
    show('two');
    fireEvent.keyDown(screen.getByTestId('toast'), { key: 'Escape' });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('Escape closes the newest toast wherever the focus is', async () => {
    await renderWithProviders(
      <>
        <input aria-label="Search" />
        <Toaster />
      </>,
    );
    show('four');
    const field = screen.getByRole('textbox', { name: 'Search' });
    field.focus();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByTestId('toast')).toBeNull();
    show('five');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('F8 focuses the notification viewport', async () => {
    await renderWithProviders(<Toaster />);
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Notifications (F8)' }).querySelector('ol'));
  });

  it('F8 then Escape closes the toast', async () => {
    await renderWithProviders(<Toaster />);
    show('three');
    fireEvent.keyDown(window, { key: 'F8' });
    const viewport = screen.getByRole('region', { name: 'Notifications (F8)' }).querySelector('ol')!;
    expect(document.activeElement).toBe(viewport);
    fireEvent.keyDown(viewport, { key: 'Escape' });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('a horizontal swipe over 50 px closes it; a shorter one does not', async () => {
    await renderWithProviders(<Toaster />);
    show('swipe me');
    const t = screen.getByTestId('toast');
    fireEvent.pointerDown(t, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(t, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(t, { clientX: 140, pointerId: 1 });
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    fireEvent.pointerDown(t, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(t, { clientX: 170, pointerId: 1 });
    fireEvent.pointerUp(t, { clientX: 170, pointerId: 1 });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('hovering pauses the 5 s auto-dismiss', async () => {
    await renderWithProviders(<Toaster />);
    jest.useFakeTimers();
    show('hover');
    fireEvent.mouseEnter(screen.getByTestId('toast'));
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByTestId('toast'));
    act(() => jest.advanceTimersByTime(5_000));
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
