// Each remote adds its own namespace to the page's one i18n instance when it loads
// (addNamespace): a language's strings either inside its code (no download of their own) or as
// a loader (its own chunk: the remotes' English), run only when that language is wanted.
import enCommon from '../locales/en/common.json';
import type { Language } from '../resources';
import type { NamespaceStrings } from '../instance';
import { PAGE_CONTENT_TIMEOUT_MS } from '../../scheduling/page-content';
import { fakeTimers, realTimers, until } from './until';

type Instance = typeof import('../instance');
type Resources = typeof import('../resources');

// The base chunk's loader, counted.
jest.mock('../resources', () => {
  const actual = jest.requireActual<Resources>('../resources');
  return { ...actual, loadBaseResources: jest.fn(actual.loadBaseResources) };
});

/** A fresh i18n module and its (counted) loader, as on a new page load. */
function freshPage() {
  let inst!: Instance;
  let res!: Resources;
  let markPageContentShown!: () => void;
  jest.isolateModules(() => {
    res = require('../resources') as Resources;
    inst = require('../instance') as Instance;
    ({ markPageContentShown } = require('../../scheduling/page-content') as typeof import('../../scheduling/page-content'));
  });
  // A namespace no remote of this repo has: @city/shared's types know none but its own.
  const addNamespace = inst.addNamespace as unknown as (ns: string, resources: Record<Language, NamespaceStrings<object>>) => void;
  const t = (key: string) => (inst.i18n.t as unknown as (k: string) => string)(key);
  return {
    ...inst,
    addNamespace,
    t,
    markPageContentShown,
    loadBase: res.loadBaseResources as jest.MockedFunction<Resources['loadBaseResources']>,
  };
}

afterEach(() => realTimers());

const DEMO = {
  hi: { title: 'नमस्ते', nested: { line: 'पहली पंक्ति' } },
  en: { title: 'Hello', nested: { line: 'First line' } },
};

beforeEach(() => localStorage.clear());

describe('addNamespace', () => {
  it('adds both languages at once when i18n has started', async () => {
    const { i18n, initI18n, addNamespace, loadBase, t } = freshPage();
    await initI18n('hi');
    addNamespace('demo', DEMO);
    expect(t('demo:title')).toBe('नमस्ते');
    expect(i18n.getResource('en', 'demo', 'nested.line')).toBe('First line');
    expect(loadBase.mock.calls).toEqual([['hi']]); // nothing downloaded for it
  });

  it('keeps a namespace added before i18n starts (tests, the standalone harness) and adds it on start', async () => {
    const { i18n, initI18n, addNamespace, t } = freshPage();
    addNamespace('demo', DEMO);
    expect(i18n.isInitialized).toBeFalsy();
    await initI18n('hi');
    expect(t('demo:nested.line')).toBe('पहली पंक्ति');
  });

  it('lets a remote loaded again (a newer deployment, after Retry) replace its strings', async () => {
    const { initI18n, addNamespace, t } = freshPage();
    await initI18n('en');
    addNamespace('demo', DEMO);
    addNamespace('demo', { hi: { ...DEMO.hi, added: 'नई पंक्ति' }, en: { ...DEMO.en, title: 'Hello again', added: 'A new line' } });
    expect(t('demo:title')).toBe('Hello again');
    expect(t('demo:added')).toBe('A new line');
  });

  it("switching language downloads only the base chunk: the remote's strings are in already", async () => {
    const { i18n, initI18n, addNamespace, setLanguage, loadBase, t } = freshPage();
    await initI18n('hi');
    addNamespace('demo', DEMO);
    const seen: string[][] = [];
    i18n.on('languageChanged', () => seen.push([t('demo:title'), i18n.t('app.slogan')]));
    await setLanguage('en');
    expect(seen).toEqual([['Hello', enCommon.app.slogan]]);
    expect(loadBase.mock.calls.map(([lang]) => lang).sort()).toEqual(['en', 'hi']);
  });

  it('keeps the language if the base chunk cannot be downloaded, and tries again next time', async () => {
    const { i18n, initI18n, setLanguage, loadBase } = freshPage();
    await initI18n('hi');
    loadBase.mockRejectedValueOnce(new Error('offline'));
    await expect(setLanguage('en')).rejects.toThrow('offline');
    expect(i18n.language).toBe('hi');
    await setLanguage('en');
    expect(i18n.t('app.slogan')).toBe(enCommon.app.slogan);
  });

  it('keeps the namespaces of the test helpers, which start i18n without downloading', async () => {
    const { i18n, initI18nWithResources, addNamespace, loadBase, t } = freshPage();
    addNamespace('demo', DEMO);
    const { resources } = jest.requireActual<typeof import('../all-resources')>('../all-resources');
    initI18nWithResources('en', resources);
    expect(t('demo:title')).toBe('Hello');
    expect(i18n.t('app.slogan')).toBe(enCommon.app.slogan);
    expect(loadBase).not.toHaveBeenCalled();
  });
});

/** A loader of DEMO.en, counted, as `() => import('./en.json')` resolves (a module namespace). */
const englishLoader = () => jest.fn(async () => ({ default: DEMO.en }));

describe("addNamespace with a loader (a remote's English: a chunk of its own)", () => {
  it('downloads nothing for a Hindi page: the Hindi is inside the code', async () => {
    const { i18n, initI18n, addNamespace, t } = freshPage();
    const load = englishLoader();
    await initI18n('hi');
    addNamespace('demo', { hi: DEMO.hi, en: load });
    expect(t('demo:title')).toBe('नमस्ते');
    expect(load).not.toHaveBeenCalled();
    expect(i18n.hasResourceBundle('en', 'demo')).toBe(false);
  });

  it('ensureLanguage runs it once: a second call downloads nothing', async () => {
    const { i18n, initI18n, addNamespace, ensureLanguage } = freshPage();
    const load = englishLoader();
    await initI18n('hi');
    addNamespace('demo', { hi: DEMO.hi, en: load });
    await Promise.all([ensureLanguage('en'), ensureLanguage('en')]);
    expect(i18n.getResource('en', 'demo', 'nested.line')).toBe('First line');
    await ensureLanguage('en');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes the strings themselves as well as a module with them as its default export', async () => {
    const { i18n, initI18n, addNamespace, ensureLanguage } = freshPage();
    await initI18n('hi');
    addNamespace('demo', { hi: DEMO.hi, en: async () => DEMO.en });
    await ensureLanguage('en');
    expect(i18n.getResourceBundle('en', 'demo')).toEqual(DEMO.en);
  });

  it('rejects when the download fails, and the next call tries again', async () => {
    const { i18n, initI18n, addNamespace, ensureLanguage } = freshPage();
    const load = englishLoader().mockRejectedValueOnce(new Error('offline'));
    await initI18n('hi');
    addNamespace('demo', { hi: DEMO.hi, en: load });
    await expect(ensureLanguage('en')).rejects.toThrow('offline');
    expect(i18n.hasResourceBundle('en', 'demo')).toBe(false);
    await ensureLanguage('en');
    expect(i18n.getResource('en', 'demo', 'title')).toBe('Hello');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('setLanguage downloads it before switching, so the English strings show, never a key', async () => {
    const { i18n, initI18n, addNamespace, setLanguage, t } = freshPage();
    await initI18n('hi');
    addNamespace('demo', { hi: DEMO.hi, en: englishLoader() });
    const seen: string[] = [];
    i18n.on('languageChanged', () => seen.push(t('demo:title'), t('demo:nested.line')));
    await setLanguage('en');
    expect(seen).toEqual(['Hello', 'First line']);
  });

  it('keeps the language if it cannot be downloaded (offline)', async () => {
    const { i18n, initI18n, addNamespace, setLanguage } = freshPage();
    await initI18n('hi');
    addNamespace('demo', { hi: DEMO.hi, en: englishLoader().mockRejectedValueOnce(new Error('offline')) });
    await expect(setLanguage('en')).rejects.toThrow('offline');
    expect(i18n.language).toBe('hi');
  });

  it('on an English page, a namespace added later (a remote loaded on a route change) is downloaded by ensureLanguage', async () => {
    const { initI18n, addNamespace, ensureLanguage, loadBase, t } = freshPage();
    await initI18n('en');
    const load = englishLoader();
    addNamespace('demo', { hi: DEMO.hi, en: load });
    expect(t('demo:title')).toBe('title'); // what a remote rendered now would show: why the shell waits
    await ensureLanguage('en');
    expect(t('demo:title')).toBe('Hello');
    expect(loadBase.mock.calls).toEqual([['en']]);
  });

  it('a namespace added while a switch downloads is in before the switch too', async () => {
    const { i18n, initI18n, addNamespace, setLanguage, t } = freshPage();
    await initI18n('hi');
    let release!: () => void;
    const first = new Promise<{ default: typeof DEMO.en }>((resolve) => (release = () => resolve({ default: DEMO.en })));
    addNamespace('demo', { hi: DEMO.hi, en: () => first });
    const switching = setLanguage('en');
    addNamespace('other', { hi: { word: 'दूसरा' }, en: async () => ({ default: { word: 'Other' } }) });
    release();
    const seen: string[] = [];
    i18n.on('languageChanged', () => seen.push(t('demo:title'), t('other:word')));
    await switching;
    expect(seen).toEqual(['Hello', 'Other']);
  });

  it('a remote loaded again (after Retry) with a new loader downloads its (maybe newer) English again', async () => {
    const { initI18n, addNamespace, ensureLanguage, t } = freshPage();
    await initI18n('en');
    addNamespace('demo', { hi: DEMO.hi, en: englishLoader() });
    await ensureLanguage('en');
    addNamespace('demo', { hi: DEMO.hi, en: async () => ({ default: { ...DEMO.en, title: 'Hello again' } }) });
    await ensureLanguage('en');
    expect(t('demo:title')).toBe('Hello again');
  });

  it("the idle-time English load (a Hindi page's fallback) runs the loaders added by then, after the page's content", async () => {
    fakeTimers();
    const { i18n, initI18n, addNamespace, markPageContentShown } = freshPage();
    const load = englishLoader();
    addNamespace('demo', { hi: DEMO.hi, en: load });
    await initI18n('hi');
    // Idle (every timer due before the content wait's own limit has run), but the page's content is not shown yet.
    await jest.advanceTimersByTimeAsync(PAGE_CONTENT_TIMEOUT_MS - 1);
    expect(load).not.toHaveBeenCalled();
    markPageContentShown();
    await jest.advanceTimersByTimeAsync(PAGE_CONTENT_TIMEOUT_MS);
    realTimers();
    await until(() => i18n.hasResourceBundle('en', 'demo'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is kept if added before i18n starts, and the test helpers (which start without downloading) leave it to ensureLanguage', async () => {
    const { i18n, initI18nWithResources, addNamespace, ensureLanguage, loadBase, t } = freshPage();
    const load = englishLoader();
    addNamespace('demo', { hi: DEMO.hi, en: load });
    const { resources } = jest.requireActual<typeof import('../all-resources')>('../all-resources');
    initI18nWithResources('en', resources);
    expect(i18n.hasResourceBundle('en', 'demo')).toBe(false);
    await ensureLanguage('en');
    expect(t('demo:title')).toBe('Hello');
    expect(loadBase).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
