import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import * as photosApi from '../../api/photos';
import { PhotoGallery } from '../photo-gallery';

jest.mock('../../api/photos', () => ({ ...jest.requireActual('../../api/photos'), fetchPhotos: jest.fn() }));
const m = jest.mocked(photosApi);

const PID = '11111111-2222-4333-8444-555555555555';
const photo = (i: number, kind = 'shop') => ({ id: `p${i}`, kind, path: `${PID}/0000000${i}-0000-4000-8000-000000000000` });
const BASE = 'http://localhost:54321/storage/v1/object/public/provider-photos/';

function setConnection(c: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: c });
}

beforeEach(() => {
  jest.clearAllMocks();
  setConnection(undefined);
});

it('no photo: nothing at all', async () => {
  m.fetchPhotos.mockResolvedValue([]);
  const { container } = await renderWithProviders(<PhotoGallery providerId={PID} name="Ramesh" />, { language: 'en' });
  await Promise.resolve();
  expect(m.fetchPhotos).toHaveBeenCalledWith(PID);
  expect(container).toBeEmptyDOMElement();
});

it('English: lazy images with the thumbnail and the full photo in srcset; arrow keys move the row', async () => {
  m.fetchPhotos.mockResolvedValue([photo(1), photo(2, 'work')]);
  await renderWithProviders(<PhotoGallery providerId={PID} name="Ramesh" />, { language: 'en' });
  const first = await screen.findByRole('img', { name: 'Photo 1 of 2: the shop' });
  expect(first).toHaveAttribute('loading', 'lazy');
  expect(first).toHaveAttribute('src', `${BASE}${photo(1).path}_t`);
  expect(first).toHaveAttribute('srcset', `${BASE}${photo(1).path}_t 240w, ${BASE}${photo(1).path} 1080w`);
  expect(first.getAttribute('sizes')).toMatch(/80vw/);
  const list = screen.getByRole('list', { name: 'Photos of Ramesh: use the arrow keys to move' });
  expect(list).toHaveAttribute('tabindex', '0');
  const scrollBy = jest.fn();
  (list as HTMLElement & { scrollBy: unknown }).scrollBy = scrollBy;
  fireEvent.keyDown(list, { key: 'ArrowRight' });
  expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: expect.any(Number) }));
  await userEvent.setup().click(screen.getByRole('button', { name: 'Previous photo' }));
  expect(scrollBy).toHaveBeenCalledTimes(2);
});

it('Hindi with data saver: thumbnails only, the full photo when tapped', async () => {
  setConnection({ saveData: true });
  m.fetchPhotos.mockResolvedValue([photo(1, 'self')]);
  await renderWithProviders(<PhotoGallery providerId={PID} name="रमेश" />, { language: 'hi' });
  const tap = await screen.findByRole('button', { name: 'फ़ोटो 1 / 1: व्यक्ति. पूरी फ़ोटो देखें' });
  expect(screen.getByText(/डेटा सेवर चालू है/)).toBeInTheDocument();
  const img = tap.querySelector('img')!;
  expect(img).toHaveAttribute('src', `${BASE}${photo(1).path}_t`);
  expect(img).not.toHaveAttribute('srcset');
  await userEvent.setup().click(tap);
  const full = screen.getByRole('img', { name: 'फ़ोटो 1 / 1: व्यक्ति' });
  expect(full).toHaveAttribute('src', `${BASE}${photo(1).path}`);
  expect(full).not.toHaveAttribute('srcset');
});
