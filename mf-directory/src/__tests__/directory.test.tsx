import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { renderWithProviders } from '@city/shared/testing';
import * as shared from '@city/shared';
import * as directoryApi from '../api';
import Directory from '../directory';
import { SEARCH_DEBOUNCE_MS } from '../components/search-box';
import { loadVoiceRecognition } from '../hooks/use-voice-search';
import { deferred, provider } from './fixtures';

jest.mock('@city/shared', () => {
  const actual = jest.requireActual<typeof import('@city/shared')>('@city/shared');
  return {
    ...actual,
    trackClick: jest.fn(),
    toast: jest.fn(),
    // Real, but counted: the directory asks early for the details a results view needs.
    loadCategoryDetails: jest.fn(actual.loadCategoryDetails),
  };
});
jest.mock('../api', () => ({ ...jest.requireActual<typeof import('../api')>('../api'), searchProviders: jest.fn() }));
const api = { ...jest.mocked(shared), ...jest.mocked(directoryApi) };

/** Shows the router location so tests can assert what the URL holds. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}
const search = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');

async function renderDirectory(route = '/', language: 'en' | 'hi' = 'en') {
  const onOpenRegistration = jest.fn();
  await renderWithProviders(
    <>
      <Directory onOpenRegistration={onOpenRegistration} />
      <Location />
    </>,
    { route, language },
  );
  // Each view is a chunk of its own: the module shows once the one it opens on is in.
  await screen.findByRole('search');
  return { onOpenRegistration };
}

type Page = { rows: directoryApi.ProviderListItem[]; total: number };
/** Answers like the network does: on a later task, when the test is already waiting for it. */
const later = (page: Page) => () => new Promise<Page>((resolve) => setTimeout(() => resolve(page), 5));

beforeEach(() => {
  jest.clearAllMocks();
  api.searchProviders.mockImplementation(later({ rows: [], total: 0 }));
});

describe('home: category grid', () => {
  it('shows 24 categories and More Services, which shows all of them (All Services)', async () => {
    const user = userEvent.setup();
    await renderDirectory();
    const region = () => screen.getByRole('region', { name: /^(Services|All Services)$/ });
    const grid = () => within(region()).getAllByRole('list')[0]!;
    expect(screen.getByRole('heading', { level: 2, name: 'Services' })).toBeInTheDocument();
    expect(within(grid()).getAllByRole('link')).toHaveLength(shared.INITIAL_CATEGORY_COUNT);
    expect(within(grid()).getByRole('link', { name: 'Plumber' })).toHaveAttribute('href', '/?category=plumber');
    // Pictograms are SVG (the same on every phone), hidden from screen readers; no emoji left.
    for (const link of within(grid()).getAllByRole('link')) {
      const icon = link.querySelector('svg[aria-hidden="true"] use');
      expect(icon?.getAttribute('href')).toMatch(new RegExp(`^/category-icons\\.svg\\?v=\\w+#${link.dataset.category}$`));
      expect(link.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    }

    // A link to the page with all of them (works before the app has started); here it expands in place.
    const more = screen.getByRole('link', { name: 'More Services' });
    expect(more).toHaveAttribute('href', '?services=all');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getByRole('heading', { level: 2, name: 'All Services' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show fewer services' })).toHaveAttribute('aria-expanded', 'true');
    // every catalogue category plus 'Other Services'
    expect(within(grid()).getAllByRole('link')).toHaveLength(shared.CATEGORIES.length + 1);
    expect(within(grid()).getByRole('link', { name: 'Other Services' })).toHaveAttribute('href', '/?services=all&category=others');
    expect(screen.getByText(/Bakery/)).toBeInTheDocument();
    expect(search().get('services')).toBe('all');
    // the home page downloads no provider rows, nor the categories' keywords and descriptions
    expect(api.searchProviders).not.toHaveBeenCalled();
    expect(api.loadCategoryDetails).not.toHaveBeenCalled();
  });

  it('speaks Hindi: tiles, heading and buttons', async () => {
    await renderDirectory('/', 'hi');
    expect(screen.getByRole('heading', { level: 2, name: 'सेवाएं' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'प्लंबर' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'और सेवाएं' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'अपनी सेवा मुफ़्त में रजिस्टर करें' })).toBeInTheDocument();
  });

  it('opens the registration form through the shell', async () => {
    const user = userEvent.setup();
    const { onOpenRegistration } = await renderDirectory('/?utm_source=x');
    const register = screen.getByRole('link', { name: 'Register your service for free' });
    // Before the app has started the link itself opens the form (the URL that opens it).
    expect(register).toHaveAttribute('href', '?utm_source=x&register=1');
    await user.click(register);
    expect(onOpenRegistration).toHaveBeenCalledTimes(1);
    expect(search().get('register')).toBeNull(); // the shell, not the link, changes the URL
  });

  it('searches as a GET form to /?q= (what Enter does before the app has started)', async () => {
    await renderDirectory();
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/');
    expect(form).toHaveAttribute('method', 'get');
    expect(within(form).getByRole('searchbox')).toHaveAttribute('name', 'q');
  });

  it('has a welcome banner listing the service kinds, with a pause button', async () => {
    const user = userEvent.setup();
    await renderDirectory();
    const banner = screen.getByRole('region', { name: 'Services you can find here' });
    // the second copy (for the seamless loop) is hidden from assistive tech
    const kinds = within(banner).getAllByRole('listitem');
    expect(kinds).toHaveLength(34);
    expect(kinds.map((k) => k.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('Resume Maker'), expect.stringContaining('Kids Care')]),
    );
    const pause = within(banner).getByRole('button', { name: 'Pause scrolling' });
    expect(pause).toHaveAttribute('aria-pressed', 'false');
    await user.click(pause);
    expect(pause).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('category provider list', () => {
  it('lists the providers of a category with their details, and Back to Categories returns', async () => {
    const user = userEvent.setup();
    const ramesh = provider({
      name: 'Ramesh Kumar',
      business_name: 'Ramesh Plumbing Works',
      mobile: '9876543210',
      verified: true,
      avg_rating: 4.46,
      rating_count: 12,
      experience: 7,
    });
    api.searchProviders.mockImplementation(later({ rows: [ramesh, provider({ name: 'Suresh', experience: 0 })], total: 2 }));
    await renderDirectory('/?register=1');

    await user.click(screen.getByRole('link', { name: 'Plumber' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Ramesh Kumar' })).toBeInTheDocument();
    expect(api.searchProviders).toHaveBeenCalledWith(
      expect.objectContaining({ query: '', category: '🔧 प्लंबर', minRating: 0, verified: 'all', sort: 'rating_desc', offset: 0 }),
    );
    expect(search().get('category')).toBe('plumber');
    expect(search().get('register')).toBe('1'); // the shell's param is kept
    expect(screen.getByRole('heading', { level: 2, name: /Plumber/ })).toHaveFocus();
    expect(screen.getByText('2 providers')).toBeInTheDocument();

    const card = screen.getByRole('article', { name: 'Ramesh Kumar' });
    expect(within(card).getByText('Ramesh Plumbing Works')).toBeInTheDocument();
    expect(within(card).getByText('Plumber')).toBeInTheDocument();
    // The badge is a button that explains itself (issue 28; the explanation is @city/shared/badges').
    expect(within(card).getByRole('button', { name: '✓ Verified' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(card).getByText('4.5')).toBeInTheDocument();
    expect(within(card).getByText('(12 ratings)')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(within(card).getByText('Experience: 7 years')).toBeInTheDocument();
    // 0 years (a new provider) reads as the profile says it: less than a year, not N/A.
    expect(within(screen.getByRole('article', { name: 'Suresh' })).getByText('Experience: less than a year')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View profile of Ramesh Kumar' })).toHaveAttribute('href', `/provider/${ramesh.id}`);
    const call = within(card).getByRole('link', { name: 'Call Ramesh Kumar' });
    expect(call).toHaveAttribute('href', 'tel:+919876543210');
    const chat = within(card).getByRole('link', { name: 'WhatsApp message to Ramesh Kumar' });
    // Pre-filled in the visitor's language, with the product's name.
    expect(chat).toHaveAttribute(
      'href',
      `https://wa.me/919876543210?text=${encodeURIComponent('Hello, I saw your listing on City Services. Can you help me?')}`,
    );
    chat.addEventListener('click', (e) => e.preventDefault());
    call.addEventListener('click', (e) => e.preventDefault());
    await user.click(call);
    await user.click(chat);
    expect(api.trackClick).toHaveBeenCalledWith(ramesh.id, 'call');
    expect(api.trackClick).toHaveBeenCalledWith(ramesh.id, 'whatsapp');

    const suresh = screen.getByRole('article', { name: 'Suresh' });
    expect(within(suresh).getByRole('button', { name: 'Not verified' })).toBeInTheDocument();
    expect(within(suresh).getByText('No ratings yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to Categories' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Services' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plumber' })).toHaveFocus(); // where the user left the grid
    expect(search().get('category')).toBeNull();
    expect(search().get('register')).toBe('1');
  });

  it('shows the category card in Hindi', async () => {
    api.searchProviders.mockImplementation(
      later({
        rows: [
          provider({ name: 'रमेश', verified: true, experience: 1, avg_rating: 4, rating_count: 1 }),
          provider({ name: 'नया', experience: 0 }),
          provider({ name: 'अज्ञात', experience: null }),
        ],
        total: 3,
      }),
    );
    await renderDirectory('/?category=plumber', 'hi');
    const card = await screen.findByRole('article', { name: 'रमेश' });
    expect(within(card).getByText('प्लंबर')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '✓ सत्यापित' })).toBeInTheDocument();
    expect(within(card).getByText('अनुभव: 1 वर्ष')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'नया' })).getByText('अनुभव: 1 साल से कम')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'अज्ञात' })).getByText('अनुभव: उपलब्ध नहीं')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'रमेश को कॉल करें' })).toBeInTheDocument();
    const chatHref = within(card)
      .getAllByRole('link')
      .find((a) => a.getAttribute('href')?.startsWith('https://wa.me/'))!
      .getAttribute('href')!;
    expect(new URL(chatHref).searchParams.get('text')).toBe('नमस्ते, शहर सेवा पर आपकी लिस्टिंग देखी। क्या आप मेरी मदद कर सकते हैं?');
    expect(screen.getByRole('button', { name: 'सेवाओं की सूची पर वापस जाएं' })).toBeInTheDocument();
  });

  it("shows the category's description after its first results, not asked for before them", async () => {
    await renderDirectory('/?category=plumber');
    // The list's first cards are its largest paint: the details do not download on their way.
    expect(api.loadCategoryDetails).not.toHaveBeenCalled();
    expect(await screen.findByText('Services will be provided soon')).toBeInTheDocument();
    expect(await screen.findByText('Tap, pipe, tank and bathroom fitting and repair.')).toBeInTheDocument();
  });

  it("asks for a search's keywords (its matching categories) only after its first results", async () => {
    const answer = deferred<{ rows: directoryApi.ProviderListItem[]; total: number }>();
    api.searchProviders.mockImplementation(() => answer.promise);
    await renderDirectory('/?q=nal');
    // The keywords are no part of the search's first render: not asked for on its way.
    const nav = screen.getByRole('navigation', { name: 'Matching services' });
    expect(within(nav).getByRole('link', { name: 'All Services' })).toHaveAttribute('href', '/?services=all');
    expect(api.loadCategoryDetails).not.toHaveBeenCalled();
    await act(async () => answer.resolve({ rows: [], total: 0 }));
    // "nal" is a keyword of Plumber (Hinglish for tap), not its name.
    expect(await within(nav).findByRole('link', { name: 'Plumber' })).toHaveAttribute('href', '/?category=plumber');
  });

  it("gives a category's list its own title and description, and gives the page's back after", async () => {
    document.title = 'City Services';
    const meta = document.head.appendChild(Object.assign(document.createElement('meta'), { name: 'description', content: 'Site' }));
    try {
      const user = userEvent.setup();
      await renderDirectory('/?category=plumber');
      await waitFor(() => expect(document.title).toBe('Plumber: phone numbers and ratings | City Services'));
      await waitFor(() =>
        expect(meta.content).toBe(
          'Tap, pipe, tank and bathroom fitting and repair. Find Plumber near you, call or WhatsApp directly, and see ratings.',
        ),
      );
      await user.click(screen.getByRole('button', { name: 'Back to Categories' }));
      expect(document.title).toBe('City Services | Your City, Your Services - Everything Made Easy!');
      expect(meta.content).toBe('Site');
    } finally {
      meta.remove();
    }
  });

  it('says services will be provided soon for an empty category', async () => {
    await renderDirectory('/?category=gym');
    expect(await screen.findByText('Services will be provided soon')).toBeInTheDocument();
    expect(api.searchProviders).toHaveBeenCalledWith(expect.objectContaining({ category: '🏋️ जिम' }));
  });

  it.each([
    ['en', 'Register as a Gym for free', 'Call the helpline 9876543210'],
    ['hi', 'जिम के रूप में मुफ़्त रजिस्टर करें', 'हेल्पलाइन 9876543210 पर कॉल करें'],
  ] as const)("(%s) an empty category offers to register this service and the operator's number", async (language, register, call) => {
    const user = userEvent.setup();
    const { onOpenRegistration } = await renderDirectory('/?category=gym', language);
    const link = await screen.findByRole('link', { name: register });
    const href = new URL(link.getAttribute('href')!, 'http://localhost/');
    expect(href.searchParams.get('register')).toBe('1');
    expect(href.searchParams.get('category')).toBe('gym');
    expect(screen.getByRole('link', { name: call })).toHaveAttribute('href', 'tel:+919876543210');
    await user.click(link);
    expect(onOpenRegistration).toHaveBeenCalledTimes(1);
  });

  it("lists free-text 'Other' providers under Other Services", async () => {
    api.searchProviders.mockImplementation(later({ rows: [provider({ name: 'Bake House', category: 'OTHERS: Bakery' })], total: 1 }));
    await renderDirectory('/?category=others');
    const card = await screen.findByRole('article', { name: 'Bake House' });
    expect(within(card).getByText('Bakery')).toBeInTheDocument();
    expect(api.searchProviders).toHaveBeenCalledWith(expect.objectContaining({ category: 'OTHERS' }));
  });

  it('paints the cards that fill a screen first, then the rest of the page', async () => {
    const first = Array.from({ length: 20 }, (_, i) => provider({ name: `First ${i + 1}` }));
    api.searchProviders.mockImplementationOnce(later({ rows: first, total: 20 }));
    await renderDirectory('/?category=plumber');
    expect(await screen.findByRole('article', { name: 'First 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(8);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label') ?? a.textContent)[19]).toContain('First 20');
  });

  it('loads the next page with Show more, appending to the list', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 20 }, (_, i) => provider({ name: `First ${i + 1}` }));
    api.searchProviders
      .mockImplementationOnce(later({ rows: first, total: 21 }))
      .mockImplementationOnce(later({ rows: [provider({ name: 'Last one' })], total: 21 }));
    await renderDirectory('/?category=plumber');
    expect(await screen.findByText('Showing 20 of 21')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more providers' }));
    expect(await screen.findByRole('article', { name: 'Last one' })).toBeInTheDocument();
    expect(api.searchProviders).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 20 }));
    expect(screen.getAllByRole('article')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Show more providers' })).not.toBeInTheDocument();
  });

  it('keeps the list when the next page fails, says so, and the button tries that page again', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 20 }, (_, i) => provider({ name: `First ${i + 1}` }));
    api.searchProviders
      .mockImplementationOnce(later({ rows: first, total: 21 }))
      .mockImplementationOnce(
        () => new Promise((_, reject) => setTimeout(() => reject(new shared.ApiError('Failed to fetch', 'network', 0)), 5)),
      )
      .mockImplementationOnce(later({ rows: [provider({ name: 'Last one' })], total: 21 }));
    await renderDirectory('/?category=plumber');
    expect(await screen.findByText('Showing 20 of 21')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more providers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The providers could not be loaded');
    expect(screen.getAllByRole('article')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Last one' })).toBeInTheDocument();
    expect(api.searchProviders).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 20 }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a translated error with a retry when loading fails', async () => {
    const user = userEvent.setup();
    api.searchProviders.mockImplementationOnce(
      () => new Promise((_, reject) => setTimeout(() => reject(new shared.ApiError('Failed to fetch', 'network', 0)), 5)),
    );
    api.searchProviders.mockImplementationOnce(later({ rows: [provider({ name: 'Back again' })], total: 1 }));
    await renderDirectory('/?category=plumber');
    expect(await screen.findByRole('alert')).toHaveTextContent('The providers could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Back again' })).toBeInTheDocument();
  });

  it('ignores an unknown category in the URL and shows the grid', async () => {
    await renderDirectory('/?category=nonsense');
    expect(screen.getByRole('heading', { level: 2, name: 'Services' })).toBeInTheDocument();
    expect(api.searchProviders).not.toHaveBeenCalled();
  });
});

describe('filters and sort', () => {
  it('applies minimum rating, verified and sort, and puts them in the URL', async () => {
    const user = userEvent.setup();
    await renderDirectory('/?category=plumber');
    await screen.findByText('Services will be provided soon');

    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The closed panel has no fields yet: they load when it first opens.
    expect(screen.queryByLabelText('Minimum rating')).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const rating = await screen.findByLabelText('Minimum rating');
    expect(within(rating).getAllByRole('option')).toHaveLength(11); // 0 to 5 in steps of 0.5
    expect(rating).toHaveValue('0');
    await user.selectOptions(rating, '4');
    await waitFor(() => expect(api.searchProviders).toHaveBeenLastCalledWith(expect.objectContaining({ minRating: 4 })));
    expect(search().get('rating')).toBe('4');

    await user.click(screen.getByRole('radio', { name: 'Verified' }));
    await waitFor(() =>
      expect(api.searchProviders).toHaveBeenLastCalledWith(expect.objectContaining({ minRating: 4, verified: 'verified' })),
    );
    expect(search().get('verified')).toBe('verified');

    expect(screen.getByLabelText('Sort by')).toHaveValue('rating_desc');
    // "Top rated" says in one line how it orders (issue 28), tied to the control.
    expect(screen.getByLabelText('Sort by')).toHaveAccessibleDescription(
      'Most and best ratings first: an average from only a few ratings counts for less.',
    );
    await user.selectOptions(screen.getByLabelText('Sort by'), 'newly_added');
    expect(screen.queryByText(/Most and best ratings first/)).toBeNull();
    await waitFor(() =>
      expect(api.searchProviders).toHaveBeenLastCalledWith(
        expect.objectContaining({ category: '🔧 प्लंबर', minRating: 4, verified: 'verified', sort: 'newly_added' }),
      ),
    );
    expect(search().get('sort')).toBe('newly_added');
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeInTheDocument();
    expect(await screen.findByText('No provider matches these filters.')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() =>
      expect(api.searchProviders).toHaveBeenLastCalledWith(expect.objectContaining({ minRating: 0, verified: 'all', sort: 'rating_desc' })),
    );
    expect(search().get('rating')).toBeNull();
    expect(search().get('category')).toBe('plumber');
    expect(await screen.findByText('Services will be provided soon')).toBeInTheDocument();
  });

  it('filters to providers available today, in the URL as available=1, and marks a card on leave', async () => {
    const user = userEvent.setup();
    api.searchProviders.mockImplementation(later({ rows: [provider({ name: 'Mohan', on_leave_until: '2999-03-05' })], total: 1 }));
    await renderDirectory('/?category=plumber');
    const card = await screen.findByRole('article', { name: 'Mohan' });
    expect(within(card).getByText('On leave until 5 Mar')).toBeInTheDocument();
    expect(api.searchProviders).toHaveBeenLastCalledWith(expect.objectContaining({ available: false }));

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Available today only' }));
    await waitFor(() => expect(api.searchProviders).toHaveBeenLastCalledWith(expect.objectContaining({ available: true })));
    expect(search().get('available')).toBe('1');
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
  });

  it('reads filters from a shared link, ignoring bad values', async () => {
    await renderDirectory('/?category=electrician&rating=3.5&verified=unverified&sort=newly_added');
    await waitFor(() =>
      expect(api.searchProviders).toHaveBeenCalledWith(
        expect.objectContaining({ category: '⚡ इलेक्ट्रीशियन', minRating: 3.5, verified: 'unverified', sort: 'newly_added' }),
      ),
    );
    // the panel starts open when filters are set
    expect(await screen.findByLabelText('Minimum rating')).toHaveValue('3.5');
    expect(screen.getByRole('radio', { name: 'Non-verified' })).toBeChecked();
    expect(await screen.findByText('No provider matches these filters.')).toBeInTheDocument();
  });

  it('falls back to defaults for malformed filter values', async () => {
    await renderDirectory('/?category=electrician&rating=abc&verified=maybe&sort=random');
    await waitFor(() =>
      expect(api.searchProviders).toHaveBeenCalledWith(expect.objectContaining({ minRating: 0, verified: 'all', sort: 'rating_desc' })),
    );
    expect(await screen.findByText('Services will be provided soon')).toBeInTheDocument();
  });
});

describe('search', () => {
  it('searches after typing stops, across categories, with the text in the URL', async () => {
    const user = userEvent.setup();
    api.searchProviders.mockImplementation(later({ rows: [provider({ name: 'Pappu Plumber' })], total: 1 }));
    await renderDirectory();
    await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'plambar');
    expect(await screen.findByRole('heading', { level: 2, name: 'Search results for “plambar”' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Pappu Plumber' })).toBeInTheDocument();
    // debounced: one request for the whole word
    expect(api.searchProviders).toHaveBeenCalledTimes(1);
    expect(api.searchProviders).toHaveBeenCalledWith(expect.objectContaining({ query: 'plambar', category: null }));
    expect(search().get('q')).toBe('plambar');
    // the catalogue suggests the matching category
    expect(
      within(screen.getByRole('navigation', { name: 'Matching services' })).getByRole('link', { name: 'Plumber' }),
    ).toBeInTheDocument();
    // the search box keeps focus while typing
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it('starts downloading the keywords as soon as typing starts, before the debounced search', async () => {
    const user = userEvent.setup();
    await renderDirectory();
    await user.type(screen.getByRole('searchbox'), 'b');
    expect(api.loadCategoryDetails).toHaveBeenCalled();
    expect(api.searchProviders).not.toHaveBeenCalled();
    expect(await screen.findByText('No results found for your search.')).toBeInTheDocument();
  });

  it('shows the empty state when nothing matches', async () => {
    const user = userEvent.setup();
    await renderDirectory();
    await user.type(screen.getByRole('searchbox'), 'zzzzqqq{Enter}');
    expect(await screen.findByText('No results found for your search.')).toBeInTheDocument();
    expect(screen.getByText('No service found')).toBeInTheDocument();
    // The hint says "choose a service below": the services are below it, and lead to a list.
    expect(screen.getByText(/choose a service below/)).toBeInTheDocument();
    const grid = screen.getByRole('region', { name: 'Services' });
    expect(grid.querySelectorAll('a[data-category]')).toHaveLength(shared.INITIAL_CATEGORY_COUNT);
    await user.click(within(grid).getByRole('link', { name: 'Plumber' }));
    expect(search().get('category')).toBe('plumber');
    expect(search().get('q')).toBeNull();
  });

  it('treats only spaces as no search', async () => {
    const user = userEvent.setup();
    await renderDirectory();
    await user.type(screen.getByRole('searchbox'), '     {Enter}');
    // A timer set now, past the debounce, fires after the search box's own (set while typing).
    await act(() => new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 100)));
    expect(api.searchProviders).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 2, name: 'Services' })).toBeInTheDocument();
  });

  it('never lets a slow old response overwrite a newer one', async () => {
    const user = userEvent.setup();
    const slow = deferred<{ rows: directoryApi.ProviderListItem[]; total: number }>();
    const fast = deferred<{ rows: directoryApi.ProviderListItem[]; total: number }>();
    api.searchProviders.mockReturnValueOnce(slow.promise).mockReturnValueOnce(fast.promise);
    await renderDirectory();
    const box = screen.getByRole('searchbox');
    await user.type(box, 'bij{Enter}');
    await waitFor(() => expect(api.searchProviders).toHaveBeenCalledTimes(1));
    await user.type(box, 'li{Enter}');
    await waitFor(() => expect(api.searchProviders).toHaveBeenCalledTimes(2));
    expect(api.searchProviders).toHaveBeenLastCalledWith(expect.objectContaining({ query: 'bijli' }));
    // the first request was aborted
    expect(api.searchProviders.mock.calls[0]![0].signal?.aborted).toBe(true);

    await act(async () => fast.resolve({ rows: [provider({ name: 'New answer' })], total: 1 }));
    expect(await screen.findByRole('article', { name: 'New answer' })).toBeInTheDocument();
    await act(async () => slow.resolve({ rows: [provider({ name: 'Old answer' })], total: 1 }));
    expect(screen.queryByRole('article', { name: 'Old answer' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'New answer' })).toBeInTheDocument();
  });

  it('choosing a category clears the search; the URL drives the box on back/forward', async () => {
    const user = userEvent.setup();
    await renderDirectory('/?q=bijli');
    expect(screen.getByRole('searchbox')).toHaveValue('bijli');
    await waitFor(() => expect(api.searchProviders).toHaveBeenCalledWith(expect.objectContaining({ query: 'bijli', category: null })));
    await user.click((await screen.findAllByRole('link', { name: 'Electrician' }))[0]!);
    expect(await screen.findByRole('heading', { level: 2, name: /Electrician/ })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(search().get('q')).toBeNull();
    expect(await screen.findByText('Services will be provided soon')).toBeInTheDocument();
  });

  it('cuts a 2,000-character search and does not break', async () => {
    const user = userEvent.setup();
    await renderDirectory();
    const box = screen.getByRole('searchbox');
    await user.click(box);
    await user.paste('x'.repeat(2000));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.searchProviders).toHaveBeenCalled());
    const sent = api.searchProviders.mock.calls.at(-1)![0].query!;
    expect(sent.length).toBeLessThanOrEqual(directoryApi.MAX_SEARCH_QUERY_LENGTH);
    expect(await screen.findByText('No results found for your search.')).toBeInTheDocument();
  });
});

describe('voice search', () => {
  // The recognition's chunk, as the microphone's focus loads it before a tap.
  beforeAll(() => loadVoiceRecognition());
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).webkitSpeechRecognition;
  });

  it('says so when the browser has no speech recognition', async () => {
    const user = userEvent.setup();
    await renderDirectory();
    await user.click(screen.getByRole('button', { name: 'Search by voice' }));
    expect(api.toast).toHaveBeenCalledWith({ title: 'Your browser does not support voice search.' });
  });

  it('listens in hi-IN and searches for what was said', async () => {
    const user = userEvent.setup();
    const instances: Array<Record<string, unknown> & { start: jest.Mock }> = [];
    (window as unknown as Record<string, unknown>).webkitSpeechRecognition = jest.fn(function (this: Record<string, unknown>) {
      this.start = jest.fn();
      this.stop = jest.fn();
      this.abort = jest.fn();
      instances.push(this as Record<string, unknown> & { start: jest.Mock });
    });
    await renderDirectory();
    const mic = screen.getByRole('button', { name: 'Search by voice' });
    await user.click(mic);
    const r = instances[0]!;
    expect(r.lang).toBe('hi-IN');
    expect(r.start).toHaveBeenCalled();
    expect(mic).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Listening… speak now.')).toBeInTheDocument();
    act(() => {
      (r.onresult as (e: unknown) => void)({ results: [[{ transcript: 'बिजली' }]] });
      (r.onend as () => void)();
    });
    expect(screen.getByRole('searchbox')).toHaveValue('बिजली');
    await waitFor(() => expect(api.searchProviders).toHaveBeenCalledWith(expect.objectContaining({ query: 'बिजली' })));
    expect(mic).toHaveAttribute('aria-pressed', 'false');
    expect(api.toast).not.toHaveBeenCalled();
    expect(await screen.findByText('No results found for your search.')).toBeInTheDocument();
  });

  it('stops after 8 s with nothing heard and asks to try again', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const instances: Array<Record<string, unknown> & { abort: jest.Mock }> = [];
      (window as unknown as Record<string, unknown>).webkitSpeechRecognition = jest.fn(function (this: Record<string, unknown>) {
        this.start = jest.fn();
        this.stop = jest.fn();
        this.abort = jest.fn();
        instances.push(this as Record<string, unknown> & { abort: jest.Mock });
      });
      await renderDirectory();
      const mic = screen.getByRole('button', { name: 'Search by voice' });
      await user.click(mic);
      expect(mic).toHaveAttribute('aria-pressed', 'true');
      act(() => jest.advanceTimersByTime(7900));
      expect(mic).toHaveAttribute('aria-pressed', 'true');
      expect(api.toast).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(200));
      expect(instances[0]!.abort).toHaveBeenCalled();
      expect(mic).toHaveAttribute('aria-pressed', 'false');
      expect(screen.queryByText('Listening… speak now.')).not.toBeInTheDocument();
      expect(api.toast).toHaveBeenCalledWith({ title: "We didn't hear anything. Tap the microphone and try again." });
      // The browser's own end after the abort reports nothing more.
      act(() => (instances[0]!.onend as () => void)());
      expect(api.toast).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
