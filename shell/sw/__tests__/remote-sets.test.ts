/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  deploymentId,
  isHashedAsset,
  manifestForAsset,
  offlineRemotes,
  remoteSetFiles,
  SHARED_LAZY_CHUNKS,
  sha256Hex,
  withCompleteSet,
} from '../remote-sets';

const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  shared: [{ name: 'react', assets: { js: { sync: ['89.aaaaaaaa.js'], async: [] } } }],
  exposes: [
    {
      name: 'Directory',
      assets: {
        js: {
          sync: ['__federation_expose_Directory.3fd8dde9.js', '610.5882b82a.js'],
          async: ['category-details.009d3db5.js', 'i18n-en.cf91d093.js', 'legal-hi.4f8f8098.js', 'i18n-en-directory.eee51d3e.js'],
        },
        css: { sync: ['__federation_expose_Directory.dd02ef95.css'], async: [] },
      },
    },
  ],
};

describe('remoteSetFiles', () => {
  it("is remoteEntry.js, the exposed sync JS/CSS and the remote's own other-language strings: not the shared libraries, not their lazy chunks", () => {
    expect(remoteSetFiles('http://localhost:3101/mf-manifest.json', manifest)).toEqual([
      'http://localhost:3101/remoteEntry.js',
      'http://localhost:3101/__federation_expose_Directory.3fd8dde9.js',
      'http://localhost:3101/610.5882b82a.js',
      'http://localhost:3101/__federation_expose_Directory.dd02ef95.css',
      'http://localhost:3101/i18n-en-directory.eee51d3e.js',
    ]);
  });

  it("has the remote's own lazy chunks (first needed when the visitor acts, maybe offline), once each", () => {
    // The profile: its phone step (JS + CSS) and its offline sender are lazy; the background
    // task's expose lists the profile's own files again among its async ones.
    const profile = {
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      shared: [{ name: '@city/shared', assets: { js: { sync: ['687.787b67c9.js'], async: [] }, css: { sync: [], async: [] } } }],
      exposes: [
        {
          name: 'ProviderProfile',
          assets: {
            js: {
              sync: ['950.a82100e2.js', '__federation_expose_ProviderProfile.07de100d.js'],
              async: ['25.8de9e8a3.js', '254.299ec819.js', 'category-details.2c04a416.js', 'i18n-en.929e70da.js', 'i18n-hi.a1c61be0.js'],
            },
            css: { sync: ['__federation_expose_ProviderProfile.07e6fd58.css'], async: ['25.9ad50ac8.css'] },
          },
        },
        {
          name: 'OfflineOutbox',
          assets: {
            js: {
              sync: ['__federation_expose_OfflineOutbox.222b2e70.js'],
              async: ['254.299ec819.js', '606.02afa76f.js', '687.787b67c9.js', 'legal-en.69500cc7.js', 'supabase.12345678.js'],
            },
            css: { sync: [], async: ['606.67e08dd9.css'] },
          },
        },
      ],
    };
    expect(remoteSetFiles('http://p/mf-manifest.json', profile)).toEqual(
      [
        'remoteEntry.js',
        '950.a82100e2.js',
        '__federation_expose_ProviderProfile.07de100d.js',
        '__federation_expose_ProviderProfile.07e6fd58.css',
        '25.8de9e8a3.js',
        '254.299ec819.js',
        '25.9ad50ac8.css',
        '__federation_expose_OfflineOutbox.222b2e70.js',
        '606.02afa76f.js',
        '606.67e08dd9.css',
      ].map((f) => `http://p/${f}`),
    );
  });

  it("leaves out exactly @city/shared's lazy chunks (every webpackChunkName in shared/src)", () => {
    // `badges` is a subpath bundled into each module that imports it: its lazy chunk is that
    // module's own, kept in the module's set like its other chunks.
    const bundledWhereUsed = new Set(['__tests__', 'badges']);
    const names = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) {
          if (!bundledWhereUsed.has(entry)) walk(path);
        } else if (/\.tsx?$/.test(entry)) {
          for (const m of readFileSync(path, 'utf8').matchAll(/webpackChunkName:\s*"([^"]+)"/g)) names.add(m[1]!);
        }
      }
    };
    walk(join(__dirname, '..', '..', '..', 'shared', 'src'));
    expect([...names].sort()).toEqual([...SHARED_LAZY_CHUNKS].sort());
  });

  it('follows an absolute publicPath and a remoteEntry path', () => {
    const m = {
      ...manifest,
      metaData: { publicPath: 'https://cdn.example/dir/v2', remoteEntry: { name: 'remoteEntry.js', path: 'js/' } },
      exposes: [],
    };
    expect(remoteSetFiles('https://city.example/remotes/dir/mf-manifest.json', m)).toEqual([
      'https://cdn.example/dir/v2/js/remoteEntry.js',
    ]);
  });

  it('refuses what is not a federation manifest', () => {
    expect(() => remoteSetFiles('http://x/mf-manifest.json', { hello: 1 })).toThrow(/remoteEntry/);
    expect(() => remoteSetFiles('http://x/mf-manifest.json', null)).toThrow();
  });
});

describe('deployments', () => {
  it('a redeploy (other text) is another deployment; the same text at another URL too', async () => {
    const a = await deploymentId('http://r/mf-manifest.json', '{"v":1}');
    // Named with the set format (a worker that keeps more names every set anew): not the bare text's hash.
    expect(a).not.toBe(await sha256Hex('http://r/mf-manifest.json\n{"v":1}'));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await deploymentId('http://r/mf-manifest.json', '{"v":1}')).toBe(a);
    expect(await deploymentId('http://r/mf-manifest.json', '{"v":2}')).not.toBe(a);
    expect(await deploymentId('http://other/mf-manifest.json', '{"v":1}')).not.toBe(a);
  });

  it('a completed set becomes active; older sets beyond two are dropped', () => {
    let index = {};
    const url = 'http://r/mf-manifest.json';
    ({ index } = withCompleteSet(index, url, 'a', 't1'));
    const second = withCompleteSet(index, url, 'b', 't2');
    expect(second.index).toEqual({
      [url]: {
        active: 'b',
        sets: [
          { id: 'a', savedAt: 't1' },
          { id: 'b', savedAt: 't2' },
        ],
      },
    });
    expect(second.dropped).toEqual([]);
    const third = withCompleteSet(second.index, url, 'c', 't3');
    expect(third.index[url]).toEqual({
      active: 'c',
      sets: [
        { id: 'b', savedAt: 't2' },
        { id: 'c', savedAt: 't3' },
      ],
    });
    expect(third.dropped).toEqual(['a']);
  });

  it('finds which remote an asset belongs to, and which files never change', () => {
    const bases = new Map([
      ['http://localhost:3101/mf-manifest.json', 'http://localhost:3101/'],
      ['http://localhost:3111/next/mf-manifest.json', 'http://localhost:3111/next/'],
    ]);
    expect(manifestForAsset('http://localhost:3101/610.5882b82a.js', bases)).toBe('http://localhost:3101/mf-manifest.json');
    expect(manifestForAsset('http://localhost:3111/next/remoteEntry.js', bases)).toBe('http://localhost:3111/next/mf-manifest.json');
    expect(manifestForAsset('http://localhost:3000/main.js', bases)).toBeNull();
    expect(isHashedAsset('http://localhost:3101/610.5882b82a.js')).toBe(true);
    expect(isHashedAsset('http://localhost:3101/remoteEntry.js')).toBe(false);
  });

  it('keeps every remote of remotes.json offline but the operators’ console', () => {
    expect(
      offlineRemotes({
        mf_directory: 'http://localhost:3101/mf-manifest.json',
        mf_admin: 'http://localhost:3105/mf-manifest.json',
        bad: 42,
      }),
    ).toEqual([['mf_directory', 'http://localhost:3101/mf-manifest.json']]);
    expect(offlineRemotes(null)).toEqual([]);
    expect(offlineRemotes({ mf_directory: 'http://a/mf-manifest.json', mf_ads: 'http://b/mf-manifest.json' }, new Set(['mf_ads']))).toEqual(
      [['mf_ads', 'http://b/mf-manifest.json']],
    );
  });
});
