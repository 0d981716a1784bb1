/**
 * Issue 27: the card's place line ("2.4 km, लालबाग", formatted for the language), the "serves my
 * place" filter (only with a place chosen), and the list read again with the visitor's place
 * after the first (place-less, as the server read it) render.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@city/shared/testing';
import * as shared from '@city/shared';
import * as directoryApi from '../../api';
import * as photosApi from '../../api/photos';
import { ProviderCard } from '../provider-card';
import { FilterPanel } from '../filter-panel';
import { ProviderResults } from '../provider-results';
import { DEFAULT_FILTERS } from '../../utils/directory-params';
import { provider } from '../../__tests__/fixtures';

jest.mock('../../api', () => ({ ...jest.requireActual('../../api'), searchProviders: jest.fn() }));
jest.mock('../../api/photos', () => ({ fetchCoverThumbs: jest.fn() }));
const api = { ...jest.mocked(directoryApi), ...jest.mocked(photosApi) };

const LALBAGH: shared.VisitorPlace = { kind: 'ward', code: '9270101', nameEn: 'Lalbagh', nameHi: 'लालबाग', lat: 27.57, lon: 80.68 };
const placed = provider({ place_name_en: 'Lalbagh', place_name_hi: 'लालबाग', distance_km: 2.43, serves_visitor: true });

afterEach(() => act(() => shared.visitorPlaceStore.getState().setPlace(null)));

describe('the card: the provider place and distance', () => {
  it('shows the place alone without a visitor place', async () => {
    await renderWithProviders(<ProviderCard provider={placed} />);
    expect(screen.getByText('Lalbagh')).toBeInTheDocument();
    expect(screen.queryByText(/km/)).not.toBeInTheDocument();
  });

  it('shows the distance and the place, in English and in Hindi', async () => {
    const { unmount } = await renderWithProviders(<ProviderCard provider={placed} withDistance />);
    expect(await screen.findByText('2.4 km, Lalbagh')).toBeInTheDocument();
    expect(screen.getByText(/comes to your place/)).toBeInTheDocument();
    unmount();
    await renderWithProviders(<ProviderCard provider={placed} withDistance />, { language: 'hi' });
    const hi = new Intl.NumberFormat('hi-IN', { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(2.43);
    expect(await screen.findByText(`${hi}, लालबाग`)).toBeInTheDocument();
  });

  it('rounds to whole kilometres from 10 km on, as Intl does, in both languages', async () => {
    const far = provider({ place_name_en: 'Rampur', place_name_hi: 'रामपुर', distance_km: 12.46 });
    const { unmount } = await renderWithProviders(<ProviderCard provider={far} withDistance />);
    expect(await screen.findByText('12 km, Rampur')).toBeInTheDocument();
    unmount();
    await renderWithProviders(<ProviderCard provider={far} withDistance />, { language: 'hi' });
    const hi = new Intl.NumberFormat('hi-IN', { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0 }).format(12.46);
    expect(await screen.findByText(`${hi}, रामपुर`)).toBeInTheDocument();
  });

  it('shows nothing for a provider without a place, and no distance when it is unknown', async () => {
    await renderWithProviders(<ProviderCard provider={provider({ distance_km: null })} withDistance />);
    expect(screen.queryByText(/km/)).not.toBeInTheDocument();
    await renderWithProviders(<ProviderCard provider={provider({ place_name_en: 'Rampur', distance_km: null })} withDistance />);
    expect(await screen.findByText('Rampur')).toBeInTheDocument();
  });
});

describe('the "serves my place" filter', () => {
  it('is shown only with a place chosen, and changes the filters', async () => {
    const onChange = jest.fn();
    const { rerender } = await renderWithProviders(<FilterPanel filters={DEFAULT_FILTERS} onChange={onChange} open onToggle={jest.fn()} />);
    expect(screen.queryByRole('checkbox', { name: /Serves/ })).not.toBeInTheDocument();
    rerender(<FilterPanel filters={DEFAULT_FILTERS} onChange={onChange} open onToggle={jest.fn()} placeName="Lalbagh" />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Serves Lalbagh only' }));
    expect(onChange).toHaveBeenCalledWith({ ...DEFAULT_FILTERS, servesOnly: true });
  });
});

describe('the list with the visitor place', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    api.searchProviders.mockResolvedValue({ rows: [placed], total: 1 });
    api.fetchCoverThumbs.mockResolvedValue(new Map());
  });

  it('reads without the place first, then with it (and serves only when asked)', async () => {
    act(() => shared.visitorPlaceStore.getState().setPlace(LALBAGH));
    await renderWithProviders(
      <ProviderResults
        mode={{ kind: 'search', query: 'plumber' }}
        filters={{ ...DEFAULT_FILTERS, servesOnly: true }}
        onFiltersChange={jest.fn()}
        onBack={jest.fn()}
        params={new URLSearchParams()}
      />,
    );
    await waitFor(() => expect(api.searchProviders).toHaveBeenCalledTimes(2));
    expect(api.searchProviders.mock.calls[0]![0]).not.toHaveProperty('place');
    expect(api.searchProviders.mock.calls[1]![0]).toMatchObject({ place: { kind: 'ward', code: '9270101' }, servesOnly: true });
    expect(await screen.findByText('2.4 km, Lalbagh')).toBeInTheDocument();
  });

  it('offline with a place the list was never read with: the place-less rows stay, never the error', async () => {
    const plain = provider({ name: 'Kept Plumber', place_name_en: 'Rampur' });
    api.searchProviders.mockImplementation(async (params) => {
      if (params.place) throw new shared.ApiError('Failed to fetch', 'network', 0);
      return { rows: [plain], total: 1 };
    });
    act(() => shared.visitorPlaceStore.getState().setPlace(LALBAGH));
    await renderWithProviders(
      <ProviderResults
        mode={{ kind: 'search', query: 'plumber' }}
        filters={DEFAULT_FILTERS}
        onFiltersChange={jest.fn()}
        onBack={jest.fn()}
        params={new URLSearchParams()}
      />,
    );
    // The first (place-less) read, the place-aware one that fails, and the place-less one again.
    await waitFor(() => expect(api.searchProviders).toHaveBeenCalledTimes(3));
    expect(api.searchProviders.mock.calls[1]![0]).toMatchObject({ place: { kind: 'ward', code: '9270101' } });
    expect(api.searchProviders.mock.calls[2]![0]).not.toHaveProperty('place');
    expect(await screen.findByRole('heading', { name: 'Kept Plumber' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('1 provider')).toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offline with "serves my place" ticked on a list never read with the place: says the filter is not applied, until a read with it answers', async () => {
    const plain = provider({ name: 'Kept Plumber', place_name_en: 'Rampur' });
    let online = false;
    api.searchProviders.mockImplementation(async (params) => {
      if (params.place && !online) throw new shared.ApiError('Failed to fetch', 'network', 0);
      return params.place ? { rows: [placed], total: 1 } : { rows: [plain], total: 1 };
    });
    act(() => shared.visitorPlaceStore.getState().setPlace(LALBAGH));
    const props = {
      mode: { kind: 'search', query: 'plumber' } as const,
      onFiltersChange: jest.fn(),
      onBack: jest.fn(),
      params: new URLSearchParams(),
    };
    const ticked = { ...DEFAULT_FILTERS, servesOnly: true };
    const { rerender } = await renderWithProviders(<ProviderResults {...props} filters={ticked} />);
    const note = /You are offline: who comes to Lalbagh cannot be checked now\. The list shows every saved provider/;
    await waitFor(() => expect(screen.getByText(note)).toBeInTheDocument());
    // A live region (announced), above the list, with the kept rows and never the error.
    expect(screen.getByText(note).closest('[role="status"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'Kept Plumber' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The filter itself says it is not applied (the panel opens with a filter set: the checkbox
    // is described by the hint beside it).
    const box = await screen.findByRole('checkbox', { name: /Serves Lalbagh only/ });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription('Not applied while offline');

    // Back online, the next read (here: another filter) answers with the place: note and hint go.
    online = true;
    rerender(<ProviderResults {...props} filters={{ ...ticked, available: true }} />);
    expect(await screen.findByText('2.4 km, Lalbagh')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(note)).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: /Serves Lalbagh only/ })).not.toHaveAccessibleDescription();
  });

  it('in Hindi too, and not at all without the filter ticked (the kept rows are then what was asked)', async () => {
    api.searchProviders.mockImplementation(async (params) => {
      if (params.place) throw new shared.ApiError('Failed to fetch', 'network', 0);
      return { rows: [provider({ name: 'Kept Plumber' })], total: 1 };
    });
    act(() => shared.visitorPlaceStore.getState().setPlace(LALBAGH));
    const props = {
      mode: { kind: 'search', query: 'plumber' } as const,
      onFiltersChange: jest.fn(),
      onBack: jest.fn(),
      params: new URLSearchParams(),
    };
    const { unmount } = await renderWithProviders(<ProviderResults {...props} filters={{ ...DEFAULT_FILTERS, servesOnly: true }} />, {
      language: 'hi',
    });
    expect(await screen.findByText(/अभी यह नहीं जाँचा जा सकता कि लालबाग में कौन आता है/)).toBeInTheDocument();
    unmount();
    api.searchProviders.mockClear();
    await renderWithProviders(<ProviderResults {...props} filters={DEFAULT_FILTERS} />);
    await waitFor(() => expect(api.searchProviders).toHaveBeenCalledTimes(3));
    expect(await screen.findByRole('heading', { name: 'Kept Plumber' })).toBeInTheDocument();
    expect(screen.queryByText(/cannot be checked/)).not.toBeInTheDocument();
  });

  it('a place-aware read refused by the server (not offline) is still an error', async () => {
    api.searchProviders.mockImplementation(async (params) => {
      if (params.place) throw new shared.ApiError('unknown place', '22023', 400);
      return { rows: [placed], total: 1 };
    });
    act(() => shared.visitorPlaceStore.getState().setPlace(LALBAGH));
    await renderWithProviders(
      <ProviderResults
        mode={{ kind: 'search', query: 'plumber' }}
        filters={DEFAULT_FILTERS}
        onFiltersChange={jest.fn()}
        onBack={jest.fn()}
        params={new URLSearchParams()}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The providers could not be loaded');
    expect(api.searchProviders).toHaveBeenCalledTimes(2);
  });

  it('reads once, without a place, when none is chosen', async () => {
    await renderWithProviders(
      <ProviderResults
        mode={{ kind: 'search', query: 'plumber' }}
        filters={DEFAULT_FILTERS}
        onFiltersChange={jest.fn()}
        onBack={jest.fn()}
        params={new URLSearchParams()}
      />,
    );
    expect(await screen.findByText('Lalbagh')).toBeInTheDocument();
    expect(api.searchProviders).toHaveBeenCalledTimes(1);
    expect(api.searchProviders.mock.calls[0]![0]).not.toHaveProperty('place');
  });
});
