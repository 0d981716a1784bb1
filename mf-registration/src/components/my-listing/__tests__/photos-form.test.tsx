import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import { toastStore } from '@city/shared';
import * as api from '../../../api';
import * as shrink from '../../../utils/shrink-photo';
import { PhotosForm } from '../photos-form';

jest.mock('../../../api', () => ({
  ...jest.requireActual('../../../api'),
  fetchMyPhotos: jest.fn(),
  addPhoto: jest.fn(),
  deletePhoto: jest.fn(),
  photoUrl: jest.fn(async (path: string, thumb: boolean) => `https://x.test/${path}${thumb ? '_t' : ''}`),
}));
jest.mock('../../../utils/shrink-photo', () => ({ ...jest.requireActual('../../../utils/shrink-photo'), shrinkPhoto: jest.fn() }));
const m = jest.mocked(api);
const s = jest.mocked(shrink);

const listing = { id: '11111111-2222-4333-8444-555555555555', name: 'Ramesh', status: 'approved' } as unknown as api.MyListing;
const photo = (i: number, status = 'approved'): api.MyPhoto => ({
  id: `p${i}`,
  kind: 'shop',
  path: `${listing.id}/0000000${i}-0000-4000-8000-000000000000`,
  status,
  created_at: '2026-11-01T00:00:00Z',
});

beforeEach(() => {
  jest.clearAllMocks();
  act(() => toastStore.getState().dismiss());
});

it('shows each photo with its state; adds a shrunk photo of the chosen kind and reloads', async () => {
  const user = userEvent.setup();
  m.fetchMyPhotos.mockResolvedValueOnce([photo(1)]).mockResolvedValueOnce([photo(1), photo(2, 'pending')]);
  const full = new Blob(['f'], { type: 'image/webp' });
  const thumb = new Blob(['t'], { type: 'image/webp' });
  s.shrinkPhoto.mockResolvedValue({ ok: true, full, thumb, type: 'image/webp' });
  m.addPhoto.mockResolvedValue({ ok: true });
  await renderWithProviders(<PhotosForm listing={listing} />, { language: 'en' });
  const img = await screen.findByRole('img', { name: 'Photo 1: Shop' });
  expect(img).toHaveAttribute('src', `https://x.test/${photo(1).path}_t`);
  expect(img).toHaveAttribute('loading', 'lazy');
  expect(screen.getByText('Visible to visitors')).toBeInTheDocument();
  await user.click(screen.getByRole('radio', { name: 'Work' }));
  const file = new File(['x'], 'shop.jpg', { type: 'image/jpeg' });
  await user.upload(screen.getByLabelText('Choose a photo'), file);
  await user.click(screen.getByRole('button', { name: 'Add photo' }));
  expect(await screen.findByText(/Your photo is uploaded/, { selector: 'p' })).toBeInTheDocument();
  expect(s.shrinkPhoto).toHaveBeenCalledWith(file);
  expect(m.addPhoto).toHaveBeenCalledWith(listing.id, 'work', { ok: true, full, thumb, type: 'image/webp' });
  expect(await screen.findByText('Waiting for a check')).toBeInTheDocument();
});

it.each([
  ['en', 'not-image', 'This file is not a photo. Choose a JPEG, PNG or WebP picture.'],
  ['hi', 'too-big', 'यह फ़ाइल बहुत बड़ी है (25 MB से ज़्यादा)। छोटी फ़ोटो चुनें।'],
] as const)('%s: refuses a %s file with its own message and uploads nothing', async (language, reason, text) => {
  const user = userEvent.setup({ applyAccept: false });
  m.fetchMyPhotos.mockResolvedValue([]);
  s.shrinkPhoto.mockResolvedValue({ ok: false, reason });
  await renderWithProviders(<PhotosForm listing={listing} />, { language });
  const label = language === 'en' ? 'Choose a photo' : 'फ़ोटो चुनें';
  await user.upload(await screen.findByLabelText(label), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
  await user.click(screen.getByRole('button', { name: language === 'en' ? 'Add photo' : 'फ़ोटो जोड़ें' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(m.addPhoto).not.toHaveBeenCalled();
});

it('with 6 photos offers no upload; the owner deletes one', async () => {
  const user = userEvent.setup();
  m.fetchMyPhotos
    .mockResolvedValueOnce([1, 2, 3, 4, 5, 6].map((i) => photo(i)))
    .mockResolvedValueOnce([2, 3, 4, 5, 6].map((i) => photo(i)));
  m.deletePhoto.mockResolvedValue({ ok: true });
  await renderWithProviders(<PhotosForm listing={listing} />, { language: 'en' });
  expect(await screen.findByText(/You have 6 photos/)).toBeInTheDocument();
  expect(screen.queryByLabelText('Choose a photo')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Delete Photo 1: Shop' }));
  expect(m.deletePhoto).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }));
  await waitFor(() => expect(screen.getByLabelText('Choose a photo')).toBeInTheDocument());
});
