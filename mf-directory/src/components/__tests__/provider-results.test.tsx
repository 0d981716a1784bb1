import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@city/shared/testing';
import * as shared from '@city/shared';
import * as directoryApi from '../../api';
import * as photosApi from '../../api/photos';
import { CATEGORY_DETAILS } from '@city/shared/catalogue/details';
import { ProviderResults, type ResultsMode } from '../provider-results';
import { DEFAULT_FILTERS } from '../../utils/directory-params';
import { provider } from '../../__tests__/fixtures';

// The details (keywords, descriptions) download on demand: null stands for "not yet".
jest.mock('@city/shared', () => ({
  ...jest.requireActual('@city/shared'),
  useCategoryDetails: jest.fn(),
}));
jest.mock('../../api', () => ({ ...jest.requireActual('../../api'), searchProviders: jest.fn() }));
jest.mock('../../api/photos', () => ({ fetchCoverThumbs: jest.fn() }));
const api = { ...jest.mocked(shared), ...jest.mocked(directoryApi), ...jest.mocked(photosApi) };

const plumber = shared.findCategoryById('plumber')!;

function results(mode: ResultsMode) {
  return (
    <ProviderResults mode={mode} filters={DEFAULT_FILTERS} onFiltersChange={jest.fn()} onBack={jest.fn()} params={new URLSearchParams()} />
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  // Answers on a later task, as the network does (while the test awaits it).
  api.searchProviders.mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve({ rows: [], total: 0 }), 5)));
  api.useCategoryDetails.mockReturnValue(null);
  api.fetchCoverThumbs.mockResolvedValue(new Map());
});

describe('ProviderResults and the catalogue details', () => {
  it('suggests categories by keyword once the details have arrived', async () => {
    const mode: ResultsMode = { kind: 'search', query: 'plambar' };
    const { rerender } = await renderWithProviders(results(mode));
    expect(await screen.findByText('No results found for your search.')).toBeInTheDocument();
    // The row is there from the first render (its height never changes): no keyword match yet.
    const before = screen.getByRole('navigation', { name: 'Matching services' });
    expect(within(before).queryByRole('link', { name: 'Plumber' })).not.toBeInTheDocument();
    expect(within(before).getByRole('link', { name: 'All Services' })).toBeInTheDocument();

    api.useCategoryDetails.mockReturnValue(CATEGORY_DETAILS);
    rerender(results(mode));
    const nav = screen.getByRole('navigation', { name: 'Matching services' });
    expect(within(nav).getByRole('link', { name: 'Plumber' })).toHaveAttribute('href', '/?category=plumber');
  });

  it('suggests the categories whose names match before the keywords have arrived', async () => {
    await renderWithProviders(results({ kind: 'search', query: 'plumb' }));
    const nav = screen.getByRole('navigation', { name: 'Matching services' });
    expect(within(nav).getByRole('link', { name: 'Plumber' })).toHaveAttribute('href', '/?category=plumber');
    expect(api.useCategoryDetails).not.toHaveBeenCalledWith(true);
  });

  it("shows a category's description once the details have arrived, in the page's language", async () => {
    const mode: ResultsMode = { kind: 'category', selected: { kind: 'catalogue', category: plumber } };
    const { rerender } = await renderWithProviders(results(mode), { language: 'hi' });
    expect(await screen.findByText('सेवाएं जल्द ही उपलब्ध कराई जाएंगी')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /प्लंबर/ })).toBeInTheDocument();
    expect(screen.queryByText(CATEGORY_DETAILS.plumber!.desc.hi)).not.toBeInTheDocument();

    api.useCategoryDetails.mockReturnValue(CATEGORY_DETAILS);
    rerender(results(mode));
    expect(screen.getByText('नल, पाइप, टंकी और बाथरूम की फिटिंग व मरम्मत।')).toBeInTheDocument();
    expect(screen.queryByText(CATEGORY_DETAILS.plumber!.desc.en)).not.toBeInTheDocument();
  });
});

describe('cover thumbnails (issue 28)', () => {
  it('asks once for the shown cards after they render; a card with a photo shows its thumbnail, the others keep the pictogram', async () => {
    const a = provider({ id: '11111111-1111-4111-8111-111111111111', name: 'Asha' });
    const b = provider({ id: '22222222-2222-4222-8222-222222222222', name: 'Bablu' });
    api.searchProviders.mockResolvedValue({ rows: [a, b], total: 2 });
    const thumb = 'http://localhost:54321/storage/v1/object/public/provider-photos/x/y_t';
    api.fetchCoverThumbs.mockResolvedValue(new Map([[a.id, thumb]]));
    await renderWithProviders(results({ kind: 'category', selected: { kind: 'catalogue', category: plumber } }));
    const cardA = await screen.findByRole('article', { name: 'Asha' });
    const cardB = screen.getByRole('article', { name: 'Bablu' });
    // The first render: pictograms only, no photo asked yet.
    expect(cardA.querySelector('img.directory-card__thumb')).toBeNull();
    await waitFor(() => expect(cardA.querySelector('img.directory-card__thumb')).toHaveAttribute('src', thumb));
    expect(api.fetchCoverThumbs).toHaveBeenCalledTimes(1);
    expect(api.fetchCoverThumbs).toHaveBeenCalledWith([a.id, b.id]);
    expect(cardB.querySelector('img.directory-card__thumb')).toBeNull();
  });
});
