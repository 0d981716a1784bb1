// Each remote brings its own namespace, both languages, inside its code, and adds it to the
// page's one i18n instance when it loads (addNamespace): no download of its own, before or
// after the first render, nor when the language is switched.
import enCommon from '../locales/en/common.json';
import type { Language } from '../resources';

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
  jest.isolateModules(() => {
    res = require('../resources') as Resources;
    inst = require('../instance') as Instance;
  });
  // A namespace no remote of this repo has: @city/shared's types know none but its own.
  const addNamespace = inst.addNamespace as unknown as (ns: string, resources: Record<Language, object>) => void;
  const t = (key: string) => (inst.i18n.t as unknown as (k: string) => string)(key);
  return { ...inst, addNamespace, t, loadBase: res.loadBaseResources as jest.MockedFunction<Resources['loadBaseResources']> };
}

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
