import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { visitorPlaceStore, VISITOR_PLACE_STORAGE_KEY, type VisitorPlace } from '@city/shared';
import { VisitorPlaceButton } from '../visitor-place-button';

jest.mock('@city/shared', () => ({ ...jest.requireActual('@city/shared'), sendRest: jest.fn() }));
const sendRest = shared.sendRest as jest.MockedFunction<typeof shared.sendRest>;

const LALBAGH_ROW = {
  kind: 'ward',
  code: '9270101',
  name_en: 'Lalbagh',
  name_hi: 'लालबाग',
  lat: 27.57373,
  lon: 80.68728,
  parent_name_en: 'Sitapur',
  parent_name_hi: 'सीतापुर',
};
const LALBAGH: VisitorPlace = { kind: 'ward', code: '9270101', nameEn: 'Lalbagh', nameHi: 'लालबाग', lat: 27.57373, lon: 80.68728 };

function setGeolocation(geo: Partial<Geolocation> | undefined) {
  Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });
}
const at = (latitude: number, longitude: number) =>
  ({
    getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude, longitude } } as GeolocationPosition),
  }) as Partial<Geolocation>;
const failing = (code: number) =>
  ({
    getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({ code, message: 'x' } as GeolocationPositionError),
  }) as Partial<Geolocation>;

// The dialog renders in a root of its own (place-dialog.tsx), made after a dynamic import: its
// updates land outside the act() of the test's own root, and the queries below wait for them.
const consoleError = console.error;
beforeAll(() => {
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('not wrapped in act(')) return;
    consoleError(...args);
  });
});
afterAll(() => jest.restoreAllMocks());

afterEach(() => {
  sendRest.mockReset();
  act(() => visitorPlaceStore.getState().setPlace(null));
  setGeolocation(undefined);
});

async function openDialog(user: ReturnType<typeof userEvent.setup>, name: string | RegExp) {
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('combobox');
}

describe("the visitor's place in the header (issue 27)", () => {
  it('says "choose your place" in Hindi; choosing by typing sets and remembers it, and the button shows it', async () => {
    sendRest.mockResolvedValue([LALBAGH_ROW]);
    const user = userEvent.setup();
    await renderWithProviders(<VisitorPlaceButton />, { language: 'hi' });
    const input = await openDialog(user, 'अपना गाँव/वार्ड चुनें');
    expect(screen.getByRole('heading', { name: 'आपका गाँव या वार्ड' })).toBeInTheDocument();
    expect(input).toHaveAccessibleName('अपना गाँव या वार्ड खोजें');
    await user.type(input, 'लाल');
    await user.click(await screen.findByRole('option', { name: 'लालबाग, सीतापुर' }));
    expect(visitorPlaceStore.getState().place).toEqual(LALBAGH);
    expect(JSON.parse(localStorage.getItem(VISITOR_PLACE_STORAGE_KEY)!)).toEqual(LALBAGH);
    // The visible name first (label in name), then what the button does.
    expect(screen.getByRole('button', { name: 'लालबाग, अपना गाँव/वार्ड चुनें' })).toBeInTheDocument();
  });

  it('"use my location" turns the position into the nearest place (sent only to nearest_place); forget clears it', async () => {
    setGeolocation(at(27.5738, 80.6873));
    sendRest.mockResolvedValue([{ ...LALBAGH_ROW, parent_name_en: undefined, parent_name_hi: undefined, distance_km: 0.01 }]);
    const user = userEvent.setup();
    await renderWithProviders(<VisitorPlaceButton />, { language: 'en' });
    await openDialog(user, 'Choose your place');
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(visitorPlaceStore.getState().place).toEqual(LALBAGH));
    expect(sendRest).toHaveBeenCalledTimes(1);
    expect(sendRest).toHaveBeenCalledWith({ rpc: 'nearest_place', args: { p_lat: 27.5738, p_lon: 80.6873 } });
    expect(JSON.stringify(localStorage)).not.toContain('27.5738');

    await openDialog(user, /^Lalbagh/);
    expect(screen.getByText('Your place: Lalbagh')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forget my place' }));
    expect(visitorPlaceStore.getState().place).toBeNull();
    expect(localStorage.getItem(VISITOR_PLACE_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Choose your place' })).toBeInTheDocument();
  });

  it.each([
    ['outside the district', () => setGeolocation(at(28.61, 77.21)), 'This position is outside the district.'],
    ['permission denied', () => setGeolocation(failing(1)), 'Location is not allowed for this site.'],
    ['no position', () => setGeolocation(failing(2)), 'The phone could not give a position.'],
    ['no geolocation at all', () => setGeolocation(undefined), 'The phone could not give a position.'],
  ])('says so when the position cannot give a place: %s', async (_why, arrange, message) => {
    arrange();
    sendRest.mockRejectedValue(new shared.ApiError('the position is outside the district', '22023', 400, 'outside_district'));
    const user = userEvent.setup();
    await renderWithProviders(<VisitorPlaceButton />, { language: 'en' });
    await openDialog(user, 'Choose your place');
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent?.startsWith(message))).toBe(true));
    expect(visitorPlaceStore.getState().place).toBeNull();
  });

  it('in Hindi, a refused permission is said in Hindi', async () => {
    setGeolocation(failing(1));
    const user = userEvent.setup();
    await renderWithProviders(<VisitorPlaceButton />, { language: 'hi' });
    await openDialog(user, 'अपना गाँव/वार्ड चुनें');
    await user.click(screen.getByRole('button', { name: 'मेरी लोकेशन से चुनें' }));
    expect(await screen.findByText(/^इस साइट को लोकेशन की अनुमति नहीं है।/)).toBeInTheDocument();
  });
});
