import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import { toastStore } from '@city/shared';
import * as api from '../../../api';
import { PlaceForm } from '../place-form';

// The picker (@city/shared/places, its own tests) as a stub: a labelled input and a button that
// "chooses" the next place of a short list.
jest.mock('@city/shared/places', () => {
  const places = [
    { kind: 'ward', code: '9270101', nameEn: 'Lalbagh', nameHi: 'लालबाग', lat: 27.57, lon: 80.68 },
    { kind: 'village', code: '927001', nameEn: 'Lakshmanganj', nameHi: 'लक्ष्मणगंज', lat: 27.58, lon: 80.62 },
    { kind: 'village', code: '927029', nameEn: 'Madhoabad', nameHi: 'माधोआबाद', lat: 27.56, lon: 80.67 },
  ];
  let next = 0;
  return {
    resetPicker: () => (next = 0),
    // Its a11y props as the real one sets them on its input (shared/src/places/place-picker.tsx).
    PlacePicker: ({
      label,
      value,
      onChange,
      id,
      invalid,
      describedBy,
    }: {
      label: string;
      value: { nameEn: string } | null;
      onChange: (p: unknown) => void;
      id?: string;
      invalid?: boolean;
      describedBy?: string;
    }) => (
      <div>
        <label>
          {label}
          <input readOnly id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} value={value ? value.nameEn : ''} />
        </label>
        <button type="button" onClick={() => onChange(places[next++ % places.length])}>
          {`choose: ${label}`}
        </button>
      </div>
    ),
  };
});

jest.mock('../../../api', () => ({
  ...jest.requireActual('../../../api'),
  fetchMyPlace: jest.fn(),
  setMyPlace: jest.fn(),
}));
const m = jest.mocked(api);

const listing = { id: '11111111-2222-4333-8444-555555555555', name: 'Ramesh', status: 'approved' } as unknown as api.MyListing;
const none: api.MyPlace = { place_kind: null, place_code: null, serve_mode: 'nearby', serve_radius_km: 10, place: null, serves: [] };

beforeEach(() => {
  jest.clearAllMocks();
  jest.requireMock<{ resetPicker: () => void }>('@city/shared/places').resetPicker();
  act(() => toastStore.getState().dismiss());
});

it('a listing without a place: a gentle prompt; choosing a place and the whole tehsil saves with set_my_place', async () => {
  const user = userEvent.setup();
  m.fetchMyPlace.mockResolvedValue(none);
  m.setMyPlace.mockResolvedValue({ ok: true });
  await renderWithProviders(<PlaceForm listing={listing} />, { language: 'en' });
  expect(await screen.findByText('Add your village or ward so that customers near you find you first.')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'My place and nearby' })).toBeChecked();
  expect(screen.getByLabelText('How far do you go (km)?')).toHaveValue(10);
  await user.click(screen.getByRole('button', { name: 'choose: Your village, town or ward' }));
  expect(screen.getByLabelText('Your village, town or ward')).toHaveValue('Lalbagh');
  await user.click(screen.getByRole('radio', { name: 'The whole tehsil' }));
  expect(screen.queryByLabelText('How far do you go (km)?')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Save place' }));
  expect(m.setMyPlace).toHaveBeenCalledWith(listing.id, {
    p_place_kind: 'ward',
    p_place_code: '9270101',
    p_serve_mode: 'tehsil',
    p_serve_radius_km: null,
    p_serve_places: null,
  });
  expect(await screen.findByText('Your place is saved.', { selector: 'p' })).toBeInTheDocument();
  expect(screen.queryByText('Add your village or ward so that customers near you find you first.')).toBeNull();
});

it('the whole tehsil without a place is refused beside the place field, before any call', async () => {
  const user = userEvent.setup();
  m.fetchMyPlace.mockResolvedValue(none);
  await renderWithProviders(<PlaceForm listing={listing} />, { language: 'en' });
  await user.click(await screen.findByRole('radio', { name: 'The whole tehsil' }));
  await user.click(screen.getByRole('button', { name: 'Save place' }));
  expect(screen.getByText('To serve the whole tehsil, choose your own place first.')).toBeInTheDocument();
  expect(m.setMyPlace).not.toHaveBeenCalled();
  // Tied to the place's input for screen readers.
  const input = screen.getByRole('textbox', { name: 'Your village, town or ward' });
  expect(input).toBeInvalid();
  expect(input).toHaveAccessibleDescription('To serve the whole tehsil, choose your own place first.');
});

it('a list: places added as chips, removable, counted; the database refusing a place says so beside the list (Hindi)', async () => {
  const user = userEvent.setup();
  m.fetchMyPlace.mockResolvedValue({
    ...none,
    place_kind: 'ward',
    place_code: '9270101',
    serve_mode: 'list',
    place: { kind: 'ward', code: '9270101', name_en: 'Lalbagh', name_hi: 'लालबाग', lat: 27.57, lon: 80.68 },
    serves: [{ place: { kind: 'village', code: '927001', name_en: 'Lakshmanganj', name_hi: 'लक्ष्मणगंज' } }],
  });
  m.setMyPlace.mockResolvedValue({ ok: false, reason: 'place', field: 'servePlaces', key: 'place.errors.unknownServePlace' });
  await renderWithProviders(<PlaceForm listing={listing} />, { language: 'hi' });
  const chips = await screen.findByRole('list', { name: 'जहाँ आप सेवा देते हैं' });
  expect(within(chips).getByText('लक्ष्मणगंज')).toBeInTheDocument();
  expect(screen.getByText('30 में से 1 जगहें चुनी गईं')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'choose: जहाँ सेवा देते हैं वह जगह जोड़ें' })); // Lalbagh
  await user.click(screen.getByRole('button', { name: 'choose: जहाँ सेवा देते हैं वह जगह जोड़ें' })); // Lakshmanganj again: once
  expect(within(chips).getAllByRole('listitem')).toHaveLength(2);
  await user.click(within(chips).getByRole('button', { name: 'लक्ष्मणगंज हटाएँ' }));
  expect(within(chips).getAllByRole('listitem')).toHaveLength(1);
  await user.click(screen.getByRole('button', { name: 'जगह सहेजें' }));
  expect(m.setMyPlace).toHaveBeenCalledWith(
    listing.id,
    expect.objectContaining({ p_serve_mode: 'list', p_serve_places: ['ward:9270101'] }),
  );
  expect(await screen.findAllByText('आपकी चुनी एक जगह अब हमारी सूची में नहीं है। कृपया उसे हटाकर फिर से चुनें।', { selector: 'p' })).not.toHaveLength(
    0,
  );
  // The list's picker is tied to the error beside the list.
  const add = screen.getByRole('textbox', { name: 'जहाँ सेवा देते हैं वह जगह जोड़ें' });
  expect(add).toBeInvalid();
  expect(add).toHaveAccessibleDescription('आपकी चुनी एक जगह अब हमारी सूची में नहीं है। कृपया उसे हटाकर फिर से चुनें।');
});
