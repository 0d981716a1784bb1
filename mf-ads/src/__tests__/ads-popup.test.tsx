import type { ReactElement } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import { fetchActiveAds, type Advertisement } from '../api';
import AdsPopup from '../ads-popup';
import { ADS_SEEN_KEY } from '../utils/seen';

jest.mock('../api', () => ({ ...jest.requireActual('../api'), fetchActiveAds: jest.fn() }));
const fetchAds = fetchActiveAds as jest.MockedFunction<typeof fetchActiveAds>;

const ad = (n: number, extra: Partial<Advertisement> = {}): Advertisement => ({
  id: `ad-${n}`,
  title: `Ad number ${n}`,
  active: true,
  start_date: null,
  end_date: null,
  media_type: 'image',
  media_url: `https://cdn.example.com/ad-${n}.jpg`,
  redirect_link: null,
  ...extra,
});
const three = [ad(1), ad(2), ad(3)];

let reducedMotion = false;
beforeEach(() => {
  jest.useFakeTimers();
  sessionStorage.clear();
  reducedMotion = false;
  window.matchMedia = jest.fn((query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)' && reducedMotion,
    media: query,
    onchange: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    dispatchEvent: jest.fn(),
  })) as unknown as typeof window.matchMedia;
  fetchAds.mockReset();
});
afterEach(() => {
  jest.useRealTimers();
});

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

/** Renders the popup (in `page`, if given) and lets the (stubbed) ads request settle. */
async function mount(language: 'en' | 'hi' = 'en', page?: (popup: ReactElement) => ReactElement) {
  let view!: Awaited<ReturnType<typeof renderWithProviders>>;
  await act(async () => {
    view = await renderWithProviders(page ? page(<AdsPopup />) : <AdsPopup />, { language });
  });
  return view;
}

/** Renders the popup with these ads loaded, then waits out the 500 ms opening delay. */
async function openWith(ads: Advertisement[], language: 'en' | 'hi' = 'en') {
  fetchAds.mockResolvedValue(ads);
  const view = await mount(language);
  advance(500);
  return view;
}

const dialog = () => screen.getByRole('dialog', { name: 'Advertisement' });
const shownAd = () => within(dialog()).getByRole('group').getAttribute('aria-label');
const shownImage = () => within(dialog()).getByRole('img').getAttribute('alt');
const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

function swipe(from: { x: number; y: number }, to: { x: number; y: number }) {
  const target = within(dialog()).getByRole('group');
  fireEvent.touchStart(target, { touches: [{ clientX: from.x, clientY: from.y }] });
  fireEvent.touchEnd(target, { touches: [], changedTouches: [{ clientX: to.x, clientY: to.y }] });
}

describe('opening', () => {
  it('opens 500 ms after the ads load, labelled and with focus on its close button', async () => {
    fetchAds.mockResolvedValue(three);
    await mount();
    advance(499);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    advance(1);
    expect(dialog()).toBeVisible();
    expect(shownImage()).toBe('Ad number 1');
    expect(screen.getByRole('button', { name: 'Close advertisement' })).toHaveFocus();
    expect(sessionStorage.getItem(ADS_SEEN_KEY)).toBe('1');
  });

  it("describes an image by the operator's words for it, else by the ad's title", async () => {
    await openWith([ad(1, { media_alt: 'Ramesh fixing a kitchen tap' }), ad(2)]);
    expect(shownImage()).toBe('Ramesh fixing a kitchen tap');
    advance(7000);
    expect(shownImage()).toBe('Ad number 2');
  });

  it('shows nothing when there are no ads running', async () => {
    await openWith([]);
    advance(20000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(ADS_SEEN_KEY)).toBeNull();
  });

  it('shows nothing, quietly, when the ads cannot be loaded', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    fetchAds.mockRejectedValue(new Error('network down'));
    const { container } = await mount();
    advance(20000);
    expect(container).toBeEmptyDOMElement();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('is shown once per visit: coming back to the home page does not reopen it or refetch', async () => {
    const first = await openWith(three);
    await user().click(screen.getByRole('button', { name: 'Close advertisement' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    await mount();
    advance(20000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchAds).toHaveBeenCalledTimes(1);
  });

  it('does not count as seen if the visitor leaves before it opens', async () => {
    fetchAds.mockResolvedValue(three);
    const view = await mount();
    advance(300);
    view.unmount();
    expect(sessionStorage.getItem(ADS_SEEN_KEY)).toBeNull();
  });

  it('speaks Hindi by default language', async () => {
    await openWith(three, 'hi');
    expect(screen.getByRole('dialog', { name: 'विज्ञापन' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'विज्ञापन बंद करें' })).toBeVisible();
    expect(within(screen.getByRole('dialog')).getByRole('group')).toHaveAccessibleName('3 में से 1');
  });
});

describe('another dialog', () => {
  it.each(['en', 'hi'] as const)('(%s) does not open over an open dialog, and does not count as seen', async (language) => {
    fetchAds.mockResolvedValue(three);
    await mount(language, (popup) => (
      <>
        <dialog open aria-label="Registration">
          <button type="button">Next</button>
        </dialog>
        {popup}
      </>
    ));
    act(() => screen.getByRole('button', { name: 'Next' }).focus());
    advance(20000);
    expect(screen.queryByRole('dialog', { name: language === 'en' ? 'Advertisement' : 'विज्ञापन' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(sessionStorage.getItem(ADS_SEEN_KEY)).toBeNull();
  });
});

describe('a visitor typing', () => {
  /** A home page in miniature: a search form in the main content, the popup after it. */
  const withSearch = (popup: ReactElement) => (
    <main tabIndex={-1}>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <input type="search" aria-label="Search" />
        <button type="submit">Search</button>
      </form>
      {popup}
    </main>
  );
  const box = () => screen.getByRole('searchbox', { name: 'Search' });

  it('does not open while focus is in the search box, and opens once focus has left it and typing has stopped', async () => {
    fetchAds.mockResolvedValue(three);
    await mount('en', withSearch);
    const u = user();
    await u.click(box());
    await u.keyboard('ele');
    advance(2000);
    await u.keyboard('ctrician');
    advance(20000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box()).toHaveFocus();
    expect(box()).toHaveValue('electrician');

    await u.tab(); // to the search button: focus out of the box, with a keystroke
    advance(1400);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(ADS_SEEN_KEY)).toBeNull();
    advance(100);
    expect(dialog()).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close advertisement' })).toHaveFocus();
  });

  it.each([
    ['a text area', <textarea key="f" aria-label="Field" />],
    ['a select', <select key="f" aria-label="Field" />],
    ['an editable region', <div key="f" role="textbox" contentEditable tabIndex={0} aria-label="Field" suppressContentEditableWarning />],
  ])('does not open while focus is in %s', async (_name, field) => {
    fetchAds.mockResolvedValue(three);
    await mount('en', (popup) => (
      <>
        {field}
        {popup}
      </>
    ));
    act(() => screen.getByLabelText('Field').focus());
    advance(20000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => screen.getByLabelText('Field').blur());
    advance(1);
    expect(dialog()).toBeVisible();
  });

  it('does not open on a page where a search has been submitted; it opens on the next visit to the page', async () => {
    fetchAds.mockResolvedValue(three);
    const first = await mount('en', withSearch);
    const u = user();
    await u.click(box());
    await u.keyboard('plumber{Enter}');
    act(() => box().blur());
    advance(20000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(ADS_SEEN_KEY)).toBeNull();
    first.unmount();

    await mount('en', withSearch);
    advance(500);
    expect(dialog()).toBeVisible();
  });
});

describe('timings', () => {
  it('rotates every 7000 ms when there are several ads, wrapping around', async () => {
    await openWith([ad(1), ad(2)]);
    expect(shownAd()).toBe('1 of 2');
    advance(6999);
    expect(shownImage()).toBe('Ad number 1');
    advance(1);
    expect(shownAd()).toBe('2 of 2');
    expect(shownImage()).toBe('Ad number 2');
    advance(7000);
    expect(shownAd()).toBe('1 of 2');
  });

  it('does not rotate a single ad and shows no carousel controls', async () => {
    await openWith([ad(1)]);
    advance(14000);
    expect(shownImage()).toBe('Ad number 1');
    expect(screen.queryByRole('button', { name: 'Next advertisement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show advertisement/ })).not.toBeInTheDocument();
  });

  it('closes itself 15000 ms after opening', async () => {
    await openWith(three);
    advance(14999);
    expect(dialog()).toBeVisible();
    advance(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not rotate for users who prefer reduced motion', async () => {
    reducedMotion = true;
    await openWith(three);
    advance(14000);
    expect(shownAd()).toBe('1 of 3');
    // They can still change the ad themselves.
    await user().click(screen.getByRole('button', { name: 'Next advertisement' }));
    expect(shownAd()).toBe('2 of 3');
  });

  it('restarts the 7000 ms interval after a manual change', async () => {
    await openWith(three);
    advance(5000);
    await user().keyboard('{ArrowRight}');
    expect(shownAd()).toBe('2 of 3');
    advance(6999);
    expect(shownAd()).toBe('2 of 3');
    advance(1);
    expect(shownAd()).toBe('3 of 3');
  });

  it('pauses rotation while a mouse is over the carousel', async () => {
    await openWith(three);
    const carousel = screen.getByRole('region', { name: 'Advertisements' });
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    advance(7500);
    expect(shownAd()).toBe('1 of 3');
    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    advance(7000);
    expect(shownAd()).toBe('2 of 3');
  });

  it('pauses rotation while keyboard focus is in the carousel', async () => {
    await openWith(three);
    const u = user();
    await u.tab(); // close button -> "Previous advertisement" (inside the carousel)
    expect(screen.getByRole('button', { name: 'Previous advertisement' })).toHaveFocus();
    advance(7000);
    expect(shownAd()).toBe('1 of 3');
    await u.tab({ shift: true }); // back to the close button
    advance(7000);
    expect(shownAd()).toBe('2 of 3');
  });
});

describe('closing', () => {
  it('closes on its close button', async () => {
    await openWith(three);
    await user().click(screen.getByRole('button', { name: 'Close advertisement' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    await openWith(three);
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Escape', () => user().keyboard('{Escape}')],
    ['its close button', () => user().click(screen.getByRole('button', { name: 'Close advertisement' }))],
  ])(
    'closed with %s when nothing had focus, puts focus on the main content, so Tab starts at the top of the page',
    async (_how, closeIt) => {
      fetchAds.mockResolvedValue(three);
      await mount('en', (popup) => (
        <>
          <main tabIndex={-1}>
            <a href="/first">First link</a>
            {popup}
          </main>
          <footer>
            <a href="/footer">Footer link</a>
          </footer>
        </>
      ));
      advance(500);
      await closeIt();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('main')).toHaveFocus();
      await user().tab();
      expect(screen.getByRole('link', { name: 'First link' })).toHaveFocus();
    },
  );

  it('closes on a downward swipe over 50 px, not on a shorter or upward one', async () => {
    await openWith(three);
    swipe({ x: 100, y: 100 }, { x: 100, y: 150 });
    swipe({ x: 100, y: 300 }, { x: 100, y: 200 });
    expect(dialog()).toBeVisible();
    expect(shownAd()).toBe('1 of 3');
    swipe({ x: 100, y: 100 }, { x: 110, y: 151 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('changing the ad', () => {
  it('swipes left for the next ad and right for the previous one, over 50 px only', async () => {
    await openWith(three);
    swipe({ x: 200, y: 100 }, { x: 150, y: 100 });
    expect(shownAd()).toBe('1 of 3');
    swipe({ x: 200, y: 100 }, { x: 149, y: 120 });
    expect(shownAd()).toBe('2 of 3');
    swipe({ x: 100, y: 100 }, { x: 170, y: 90 });
    expect(shownAd()).toBe('1 of 3');
    swipe({ x: 100, y: 100 }, { x: 170, y: 90 });
    expect(shownAd()).toBe('3 of 3');
  });

  it('ignores two-finger gestures', async () => {
    await openWith(three);
    const target = within(dialog()).getByRole('group');
    fireEvent.touchStart(target, {
      touches: [
        { clientX: 200, clientY: 100 },
        { clientX: 250, clientY: 100 },
      ],
    });
    fireEvent.touchEnd(target, { touches: [], changedTouches: [{ clientX: 50, clientY: 100 }] });
    expect(shownAd()).toBe('1 of 3');
  });

  it('changes the ad with the arrow keys', async () => {
    await openWith(three);
    const u = user();
    await u.keyboard('{ArrowLeft}');
    expect(shownAd()).toBe('3 of 3');
    await u.keyboard('{ArrowRight}{ArrowRight}');
    expect(shownAd()).toBe('2 of 3');
  });

  it('jumps to an ad with its dot, which shows as current', async () => {
    await openWith(three);
    const third = screen.getByRole('button', { name: 'Show advertisement 3 of 3' });
    await user().click(third);
    expect(shownImage()).toBe('Ad number 3');
    expect(third).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show advertisement 1 of 3' })).not.toHaveAttribute('aria-current');
  });
});

describe('media and links', () => {
  it('plays a video muted and inline, autoplaying only without reduced motion', async () => {
    const video = ad(1, { media_type: 'video', media_url: 'https://cdn.example.com/promo.mp4', title: null });
    const first = await openWith([video]);
    let el = dialog().querySelector('video')!;
    expect(el).toHaveAttribute('src', 'https://cdn.example.com/promo.mp4');
    expect(el).toHaveAccessibleName('Advertisement video');
    expect(el.muted).toBe(true);
    expect(el).toHaveAttribute('playsinline');
    expect(el.autoplay).toBe(true);
    first.unmount();

    sessionStorage.clear();
    reducedMotion = true;
    await openWith([video]);
    el = dialog().querySelector('video')!;
    expect(el.autoplay).toBe(false);
    expect(el.muted).toBe(true);
  });

  it('gives the video its own play/pause button instead of the browser controls (which take the swipes)', async () => {
    reducedMotion = true;
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { value: false, configurable: true });
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      Object.defineProperty(this, 'paused', { value: true, configurable: true });
      this.dispatchEvent(new Event('pause'));
    });
    await openWith([ad(1, { media_type: 'video', media_url: 'https://cdn.example.com/promo.mp4' }), ad(2)]);
    const video = dialog().querySelector('video')!;
    expect(video).not.toHaveAttribute('controls');
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Play video' }));
    expect(play).toHaveBeenCalledTimes(1);
    await u.click(screen.getByRole('button', { name: 'Pause video' }));
    expect(pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play video' })).toBeVisible();
    // Swipes over the video still change the ad.
    swipe({ x: 200, y: 100 }, { x: 100, y: 100 });
    expect(shownAd()).toBe('2 of 2');
    expect(screen.queryByRole('button', { name: 'Play video' })).not.toBeInTheDocument();
    play.mockRestore();
    pause.mockRestore();
  });

  it('embeds YouTube privacy-enhanced, muted, in a titled frame', async () => {
    const yt = ad(1, { media_type: 'youtube', media_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', title: null });
    const first = await openWith([yt]);
    let frame = within(dialog()).getByTitle('Advertisement video on YouTube');
    let src = new URL(frame.getAttribute('src')!);
    expect(src.origin + src.pathname).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(src.searchParams.get('mute')).toBe('1');
    expect(src.searchParams.get('playsinline')).toBe('1');
    expect(src.searchParams.get('autoplay')).toBe('1');
    first.unmount();

    sessionStorage.clear();
    reducedMotion = true;
    await openWith([yt]);
    frame = within(dialog()).getByTitle('Advertisement video on YouTube');
    src = new URL(frame.getAttribute('src')!);
    expect(src.searchParams.get('autoplay')).toBeNull();
  });

  it('skips ads whose media cannot be shown', async () => {
    await openWith([
      ad(1, { media_type: 'youtube', media_url: 'https://example.com/not-youtube' }),
      ad(2, { media_url: 'javascript:alert(1)' }),
      ad(3),
    ]);
    expect(shownAd()).toBe('1 of 1');
    expect(shownImage()).toBe('Ad number 3');
  });

  it('opens the redirect link in a new tab without giving it the opener', async () => {
    await openWith([ad(1, { redirect_link: 'https://shop.example.com/offer' })]);
    const link = within(dialog()).getByRole('link', { name: 'Learn more (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://shop.example.com/offer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
  });

  it('shows no link for an ad without a safe redirect link', async () => {
    await openWith([ad(1, { redirect_link: 'javascript:alert(1)' }), ad(2)]);
    expect(within(dialog()).queryByRole('link')).not.toBeInTheDocument();
    await user().keyboard('{ArrowRight}');
    expect(within(dialog()).queryByRole('link')).not.toBeInTheDocument();
  });
});
