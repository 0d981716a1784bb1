import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markPageContentShown } from '@city/shared';
import { registerServiceWorker } from '../register-sw';
import { PAGE_IDLE_TIMEOUT_MS as IDLE_TIMEOUT_MS } from '@city/shared';

// The worker registers once the page's own content is shown (and load + idle): here it is.
beforeAll(() => markPageContentShown());
// The page's timers under the test's control: "after idle" is every timer due by then having run.
beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
afterEach(() => jest.useRealTimers());

const flushIdle = async () => {
  window.dispatchEvent(new Event('load'));
  await jest.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS);
};

describe('registerServiceWorker', () => {
  it('registers /sw.js with scope / after load + idle, in production builds only', async () => {
    const register = jest.fn(() => Promise.resolve({} as ServiceWorkerRegistration));
    const nav = { serviceWorker: { register } } as unknown as Navigator;
    registerServiceWorker(nav, false);
    await flushIdle();
    expect(register).not.toHaveBeenCalled();
    registerServiceWorker(nav, true);
    await flushIdle();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('a failing registration or a browser without service workers changes nothing for the page', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const register = jest.fn(() => Promise.reject(new Error('blocked')));
    expect(() => registerServiceWorker({ serviceWorker: { register } } as unknown as Navigator, true)).not.toThrow();
    expect(() => registerServiceWorker({} as Navigator, true)).not.toThrow();
    await flushIdle();
    expect(warn).toHaveBeenCalledWith('[sw] not registered:', expect.any(Error));
    warn.mockRestore();
  });
});

describe('web app manifest', () => {
  const shell = join(__dirname, '..', '..', '..');
  const manifest = JSON.parse(readFileSync(join(shell, 'public', 'manifest.webmanifest'), 'utf8')) as Record<string, unknown> & {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  const token = (name: string) =>
    new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`).exec(readFileSync(join(shell, '..', 'shared', 'src', 'ui', 'ui.css'), 'utf8'))![1];

  it('is installable: Hindi name, standalone, start_url /, 192 and 512 PNG icons and a maskable one', () => {
    expect(manifest).toMatchObject({ lang: 'hi', short_name: 'शहर सेवा', display: 'standalone', start_url: '/', scope: '/' });
    expect(String(manifest.name)).toMatch(/शहर सेवा/);
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: size, type: 'image/png', purpose: 'any' }));
      expect(manifest.icons).toContainEqual(expect.objectContaining({ sizes: size, type: 'image/png', purpose: 'maskable' }));
    }
    for (const icon of manifest.icons) expect(() => readFileSync(join(shell, 'public', icon.src))).not.toThrow();
  });

  it('takes its colours from the shared design tokens, and the page links it', () => {
    expect(manifest.theme_color).toBe(token('c-primary'));
    expect(manifest.background_color).toBe(token('c-bg'));
    const html = readFileSync(join(shell, 'src', 'index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain(`<meta name="theme-color" content="${token('c-primary')}" />`);
  });
});
