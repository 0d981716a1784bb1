// The namespaces of profile, registration, ads and admin are not in the language's base chunk:
// each comes in its own chunk with the remote that renders it (ensureNamespaces), and a
// language switch brings along every namespace in use, so no key is ever shown.
import enAds from '../locales/en/ads.json';
import enCommon from '../locales/en/common.json';
import enProfile from '../locales/en/profile.json';
import hiAdmin from '../locales/hi/admin.json';
import hiAdminShell from '../locales/hi/admin-shell.json';
import hiProfile from '../locales/hi/profile.json';
import hiRegistration from '../locales/hi/registration.json';
import { until } from './until';

type Instance = typeof import('../instance');
type Resources = typeof import('../resources');

// The chunk loaders, counted (and held or failed where a test says so).
jest.mock('../resources', () => {
  const actual = jest.requireActual<Resources>('../resources');
  return {
    ...actual,
    loadBaseResources: jest.fn(actual.loadBaseResources),
    loadNamespaceResources: jest.fn(actual.loadNamespaceResources),
  };
});

const actual = jest.requireActual<Resources>('../resources');

/** A fresh i18n module and its (mocked) loaders, as on a new page load. */
function freshPage() {
  let inst!: Instance;
  let res!: Resources;
  jest.isolateModules(() => {
    res = require('../resources') as Resources;
    inst = require('../instance') as Instance;
  });
  return {
    ...inst,
    loadBase: res.loadBaseResources as jest.MockedFunction<Resources['loadBaseResources']>,
    loadNamespace: res.loadNamespaceResources as jest.MockedFunction<Resources['loadNamespaceResources']>,
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => localStorage.clear());

describe('ensureNamespaces', () => {
  it('adds the namespace in the current language before resolving; English follows once idle', async () => {
    const { i18n, initI18n, ensureNamespaces, loadNamespace } = freshPage();
    await initI18n('hi');
    expect(i18n.hasResourceBundle('hi', 'profile')).toBe(false);
    await ensureNamespaces(['profile']);
    expect(i18n.t('profile:loading')).toBe(hiProfile.loading);
    expect(loadNamespace.mock.calls).toEqual([['hi', 'profile']]);
    await until(() => i18n.hasResourceBundle('en', 'profile'));
    expect(i18n.getResource('en', 'profile', 'loading')).toBe(enProfile.loading);
  });

  it('starts the download together with the base chunk when asked before i18n has started (a profile link)', async () => {
    const { i18n, ensureNamespaces, loadBase, loadNamespace } = freshPage();
    let releaseBase!: () => void;
    const baseHeld = new Promise<void>((r) => (releaseBase = r));
    loadBase.mockImplementationOnce(async (lang) => {
      await baseHeld;
      return actual.loadBaseResources(lang);
    });
    const done = ensureNamespaces(['profile']);
    await until(() => loadBase.mock.calls.length === 1);
    expect(loadNamespace.mock.calls).toEqual([['hi', 'profile']]); // not waiting for the base chunk
    releaseBase();
    await done;
    expect(i18n.t('profile:loading')).toBe(hiProfile.loading);
    expect(loadNamespace.mock.calls.filter(([lang]) => lang === 'hi')).toHaveLength(1); // one download
  });

  it('downloads a namespace once, also when asked for twice at the same time', async () => {
    const { initI18n, ensureNamespaces, loadNamespace } = freshPage();
    await initI18n('hi');
    await Promise.all([ensureNamespaces(['profile']), ensureNamespaces(['profile'])]);
    await ensureNamespaces(['profile']);
    expect(loadNamespace.mock.calls.filter(([lang]) => lang === 'hi')).toEqual([['hi', 'profile']]);
  });

  it('downloads nothing for the namespaces of the base chunk', async () => {
    const { initI18n, ensureNamespaces, loadNamespace, loadBase } = freshPage();
    await initI18n('hi');
    await ensureNamespaces(['common', 'directory']);
    expect(loadNamespace).not.toHaveBeenCalled();
    expect(loadBase.mock.calls).toEqual([['hi']]);
  });

  it('forgets a failed download, so the next call (Retry) tries again', async () => {
    const { i18n, initI18n, ensureNamespaces, loadNamespace } = freshPage();
    await initI18n('hi');
    loadNamespace.mockRejectedValueOnce(new Error('offline'));
    await expect(ensureNamespaces(['registration'])).rejects.toThrow('offline');
    expect(i18n.hasResourceBundle('hi', 'registration')).toBe(false);
    await ensureNamespaces(['registration']);
    expect(i18n.t('registration:title')).toBe(hiRegistration.title);
    expect(loadNamespace.mock.calls).toEqual([
      ['hi', 'registration'],
      ['hi', 'registration'],
    ]);
  });

  it('completes the admin namespace, of which the base chunk has the keys the shell renders', async () => {
    const { i18n, initI18n, ensureNamespaces } = freshPage();
    await initI18n('hi');
    expect(i18n.t('admin:loginTitle')).toBe(hiAdminShell.loginTitle);
    expect(i18n.exists('admin:loginIntro')).toBe(false);
    await ensureNamespaces(['admin']);
    expect(i18n.t('admin:loginIntro')).toBe(hiAdmin.loginIntro);
    expect(i18n.t('admin:loginTitle')).toBe(hiAdminShell.loginTitle);
  });

  it('downloads nothing with the resources of the test helpers', async () => {
    const { i18n, initI18nWithResources, ensureNamespaces, loadNamespace, loadBase } = freshPage();
    const { resources } = jest.requireActual<typeof import('../all-resources')>('../all-resources');
    initI18nWithResources('hi', resources);
    await ensureNamespaces(['profile', 'registration', 'ads', 'admin']);
    expect(i18n.t('admin:loginIntro')).toBe(hiAdmin.loginIntro);
    expect(loadNamespace).not.toHaveBeenCalled();
    expect(loadBase).not.toHaveBeenCalled();
  });
});

describe('switching language with namespaces in use', () => {
  it('downloads every namespace in use in the new language first, so the switch shows no key', async () => {
    const { i18n, initI18n, ensureNamespaces, setLanguage, loadNamespace } = freshPage();
    await initI18n('hi');
    await ensureNamespaces(['profile', 'ads']);
    const seen: string[][] = [];
    i18n.on('languageChanged', () => seen.push([i18n.t('profile:loading'), i18n.t('ads:label'), i18n.t('app.slogan')]));
    await setLanguage('en');
    expect(seen).toEqual([[enProfile.loading, enAds.label, enCommon.app.slogan]]);
    expect(loadNamespace.mock.calls).toEqual(expect.arrayContaining([['en', 'profile'], ['en', 'ads']]));
    expect(loadNamespace.mock.calls).not.toContainEqual(['en', 'registration']); // not in use
  });

  it('brings along a namespace that arrives while the switch downloads', async () => {
    const { i18n, initI18n, ensureNamespaces, setLanguage, loadNamespace, loadBase } = freshPage();
    await initI18n('hi');
    const hiProfileChunk = deferred<Awaited<ReturnType<Resources['loadNamespaceResources']>>>();
    loadNamespace.mockImplementationOnce(() => hiProfileChunk.promise);
    const enBase = deferred<Awaited<ReturnType<Resources['loadBaseResources']>>>();
    loadBase.mockImplementationOnce(() => enBase.promise);

    const asked = ensureNamespaces(['profile']);
    const switching = setLanguage('en');
    const seen: string[] = [];
    i18n.on('languageChanged', () => seen.push(i18n.t('profile:loading')));
    hiProfileChunk.resolve(hiProfile);
    await asked; // still Hindi: the remote renders in Hindi, and profile is now in use
    enBase.resolve(await actual.loadBaseResources('en'));
    await switching;
    expect(seen).toEqual([enProfile.loading]);
  });

  it('adds the new language to a namespace that arrives after the switch, before resolving', async () => {
    const { i18n, initI18n, ensureNamespaces, setLanguage, loadNamespace } = freshPage();
    await initI18n('hi');
    const hiProfileChunk = deferred<Awaited<ReturnType<Resources['loadNamespaceResources']>>>();
    loadNamespace.mockImplementationOnce(() => hiProfileChunk.promise);

    const asked = ensureNamespaces(['profile']);
    await setLanguage('en');
    expect(i18n.language).toBe('en');
    hiProfileChunk.resolve(hiProfile);
    await asked;
    expect(i18n.t('profile:loading')).toBe(enProfile.loading);
  });

  it('keeps the language if a namespace in use cannot be downloaded, and tries again next time', async () => {
    const { i18n, initI18n, ensureNamespaces, setLanguage, loadNamespace } = freshPage();
    await initI18n('hi');
    await ensureNamespaces(['profile']);
    loadNamespace.mockRejectedValueOnce(new Error('offline'));
    await expect(setLanguage('en')).rejects.toThrow('offline');
    expect(i18n.language).toBe('hi');
    await setLanguage('en');
    expect(i18n.t('profile:loading')).toBe(enProfile.loading);
  });
});
