import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSupabaseClient } from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { fakeConsole, lastToast, signedInOperator } from '../../../testing/fake-console';
import { PhotoQueue } from '../photo-queue';

const PATH = '11111111-2222-4333-8444-555555555555/66666666-7777-4888-8999-000000000000';
const PHOTO = {
  id: 'ph1',
  provider_id: '11111111-2222-4333-8444-555555555555',
  provider_name: 'Ramesh Kumar',
  kind: 'shop',
  path: PATH,
  submitted_at: '2026-11-22T09:30:00Z',
};
const BASE = 'http://localhost:54321/storage/v1/object/public/provider-photos/';

beforeEach(signedInOperator);
afterEach(() => setSupabaseClient(null));

it('shows the waiting photo (thumbnail, link to the full one); approving says so and takes it off the list', async () => {
  const fake = fakeConsole({ admin_photo_queue: [PHOTO], admin_approve_photo: null });
  const user = userEvent.setup();
  await renderWithProviders(<PhotoQueue />, { language: 'en' });
  const card = await screen.findByRole('article', { name: 'Ramesh Kumar: shop' });
  expect(within(card).getByRole('img', { name: 'Photo of Ramesh Kumar (shop)' })).toHaveAttribute('src', `${BASE}${PATH}_t`);
  expect(within(card).getByRole('link', { name: /Open the full photo/ })).toHaveAttribute('href', `${BASE}${PATH}`);
  await user.click(within(card).getByRole('button', { name: 'Approve photo' }));
  expect(fake.rpc).toHaveBeenCalledWith('admin_approve_photo', { p_id: 'ph1' });
  expect(lastToast()?.title).toBe('The photo of Ramesh Kumar is approved and public.');
  expect(await screen.findByText('No photos are waiting.')).toBeInTheDocument();
});

it('Hindi: removing asks a reason, deletes the row then both objects', async () => {
  const fake = fakeConsole({ admin_photo_queue: [PHOTO], admin_remove_photo: PATH });
  const user = userEvent.setup();
  await renderWithProviders(<PhotoQueue />, { language: 'hi' });
  const card = await screen.findByRole('article', { name: 'Ramesh Kumar: दुकान' });
  await user.click(within(card).getByRole('button', { name: 'फ़ोटो हटाएँ' }));
  await user.type(within(card).getByRole('textbox'), 'दुकान की फ़ोटो नहीं');
  await user.click(within(card).getByRole('button', { name: 'फ़ोटो हटाएँ' }));
  expect(fake.rpc).toHaveBeenCalledWith('admin_remove_photo', { p_id: 'ph1', p_reason: 'दुकान की फ़ोटो नहीं' });
  expect(fake.remove).toHaveBeenCalledWith([PATH, `${PATH}_t`]);
  expect(await screen.findByText('कोई फ़ोटो मंज़ूरी के लिए नहीं है।')).toBeInTheDocument();
});
