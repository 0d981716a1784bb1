import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@city/shared/testing';
import { visitorPlaceStore, type ProviderPlace as Place } from '@city/shared';
import { ProviderPlace } from '../provider-place';
import { provider } from '../../__tests__/fixtures';
import { directionsUrl, distanceKm, formatKm } from '../../utils/place';

const LALBAGH: Place = {
  kind: 'ward',
  code: '9270101',
  name_en: 'Lalbagh',
  name_hi: 'लालबाग',
  lat: 27.5706,
  lon: 80.6822,
  parent: { kind: 'town', code: '92701', name_en: 'Sitapur', name_hi: 'सीतापुर' },
};
const VISITOR = { kind: 'village' as const, code: '927029', nameEn: 'Madhoabad', nameHi: 'माधोआबाद', lat: 27.56631, lon: 80.67533 };

afterEach(() => act(() => visitorPlaceStore.getState().setPlace(null)));

describe('ProviderPlace', () => {
  it('shows the place with its parent and whom they serve in one line, and a directions link', async () => {
    await renderWithProviders(<ProviderPlace provider={provider({ place: LALBAGH, serve_mode: 'nearby', serve_radius_km: 10 })} />, {
      language: 'en',
    });
    const line = screen.getByText('📍 Lalbagh, Sitapur').parentElement!;
    expect(line).toHaveTextContent('📍 Lalbagh, Sitapur · serves places within 10 km');
    const link = screen.getByRole('link', { name: /Directions/ });
    expect(link).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=27.5706%2C80.6822');
    expect(screen.queryByTestId('provider-distance')).toBeNull();
  });

  it('in Hindi: the Hindi names, the whole tehsil, and the distance once the visitor has a place', async () => {
    const village: Place = {
      ...LALBAGH,
      kind: 'village',
      code: '927001',
      name_en: 'Lakshmanganj',
      name_hi: 'लक्ष्मणगंज',
      parent: { kind: 'tehsil', code: '90271', name_en: 'Sitapur Sadar', name_hi: 'सीतापुर सदर' },
    };
    await renderWithProviders(<ProviderPlace provider={provider({ place: village, serve_mode: 'tehsil' })} />, { language: 'hi' });
    expect(screen.getByText('📍 लक्ष्मणगंज, सीतापुर सदर').parentElement).toHaveTextContent('पूरी सीतापुर सदर तहसील में सेवा');
    expect(screen.getByRole('link', { name: /रास्ता देखें/ })).toBeInTheDocument();
    act(() => visitorPlaceStore.getState().setPlace(VISITOR));
    const km = formatKm(distanceKm(VISITOR, { lat: 27.5706, lon: 80.6822 }), 'hi');
    expect(screen.getByTestId('provider-distance')).toHaveTextContent(`माधोआबाद से ${km}`);
  });

  it('names up to three places of a list and counts the rest', async () => {
    const serves = ['A', 'B', 'C', 'D', 'E'].map((n, i) => ({
      place: { kind: 'village' as const, code: String(i + 1), name_en: `Village ${n}`, name_hi: null },
    }));
    await renderWithProviders(<ProviderPlace provider={provider({ place: LALBAGH, serve_mode: 'list', serves })} />, { language: 'en' });
    expect(screen.getByText('serves Village A, Village B, Village C and 2 more places')).toBeInTheDocument();
  });

  it('says "in your place" instead of a distance when the visitor is in the same place', async () => {
    act(() =>
      visitorPlaceStore
        .getState()
        .setPlace({ kind: 'ward', code: '9270101', nameEn: 'Lalbagh', nameHi: 'लालबाग', lat: 27.5706, lon: 80.6822 }),
    );
    await renderWithProviders(<ProviderPlace provider={provider({ place: LALBAGH })} />, { language: 'en' });
    expect(screen.getByText('In your place')).toBeInTheDocument();
    expect(screen.queryByTestId('provider-distance')).toBeNull();
  });

  it('shows nothing for a listing without a place', async () => {
    const { container } = await renderWithProviders(<ProviderPlace provider={provider({ place: null })} />, { language: 'en' });
    expect(container).toBeEmptyDOMElement();
  });

  it('shows no directions link for a place without a centre', async () => {
    await renderWithProviders(<ProviderPlace provider={provider({ place: { ...LALBAGH, lat: null, lon: null } })} />, { language: 'en' });
    expect(screen.getByText('📍 Lalbagh, Sitapur')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('the place helpers', () => {
  it('gives a geo: URI on Android and an https maps link elsewhere', () => {
    const c = { lat: 27.5706, lon: 80.6822 };
    expect(directionsUrl(c, 'Lal bagh', 'Mozilla/5.0 (Linux; Android 13; SM-A135F)')).toBe(
      'geo:27.5706,80.6822?q=27.5706,80.6822(Lal%20bagh)',
    );
    expect(directionsUrl(c, 'Lalbagh', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toMatch(/^https:\/\//);
  });

  it('measures as the database does and formats by Intl for the language', () => {
    // distance_km(27.58363, 80.62556, 27.60103, 80.99142) in the database: 36.1 km.
    expect(distanceKm({ lat: 27.58363, lon: 80.62556 }, { lat: 27.60103, lon: 80.99142 })).toBeCloseTo(36.1, 0);
    expect(formatKm(2.44, 'en')).toBe(
      new Intl.NumberFormat('en-IN', { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(2.4),
    );
    expect(formatKm(12.6, 'en')).toMatch(/^13\s?km$/);
  });
});
