/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { declaredRange, sharedConfig } from '../rspack-preset';

// Only the shared configuration is under test; the bundler (ES modules only) is not loaded.
jest.mock('@rspack/core', () => ({ rspack: {} }));
jest.mock('@module-federation/enhanced/rspack', () => ({ ModuleFederationPlugin: class {} }));

// Federation checks a remote's shared singletons against the copies in the page: that check
// means something only if each build states its real version and asks for what its package.json
// declares (a range derived from the installed version always matched).

const repoRoot = join(__dirname, '..', '..', '..');
const versionOf = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
const declared = (dir: string, pkg: string) =>
  (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies[pkg];

afterEach(() => {
  delete process.env.CITY_BUILD_REQUIRED_VERSIONS;
});

describe('sharedConfig', () => {
  it.each(['shell', 'mf-directory', 'mf-ads'])('%s: @city/shared at its real version, strict, asking for the declared range', (module) => {
    const dir = join(repoRoot, module);
    const config = sharedConfig(dir) as Record<string, Record<string, unknown>>;
    expect(config['@city/shared']).toEqual({
      singleton: true,
      strictVersion: true,
      version: versionOf(join(repoRoot, 'shared')),
      requiredVersion: declared(dir, '@city/shared'),
    });
    // The libraries follow their own semver: a mismatch warns instead of refusing the remote.
    expect(config.react).toMatchObject({ singleton: true, strictVersion: false, requiredVersion: declared(dir, 'react') });
    expect(config['react/jsx-runtime']).toMatchObject({ requiredVersion: declared(dir, 'react') });
  });

  it("takes a test build's override of a range (CITY_BUILD_REQUIRED_VERSIONS)", () => {
    process.env.CITY_BUILD_REQUIRED_VERSIONS = JSON.stringify({ '@city/shared': '^99.0.0' });
    const config = sharedConfig(join(repoRoot, 'mf-ads')) as Record<string, Record<string, unknown>>;
    expect(config['@city/shared']).toMatchObject({ requiredVersion: '^99.0.0', strictVersion: true });
  });
});

describe('declaredRange', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'preset-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a module that does not declare a range, or declares any version', () => {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ dependencies: { react: '*' } }));
    expect(() => declaredRange(dir, '@city/shared')).toThrow(/declare the range of @city\/shared/);
    expect(() => declaredRange(dir, 'react-dom/client')).toThrow(/declare the range of react-dom/);
    expect(() => declaredRange(dir, 'react')).toThrow(/declare the range of react/);
  });

  it('reads peer, then regular, then dev dependencies, by package name for a subpath', () => {
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ dependencies: { react: '^19.0.0' }, devDependencies: { i18next: '26.7.2' } }),
    );
    expect(declaredRange(dir, 'react/jsx-runtime')).toBe('^19.0.0');
    expect(declaredRange(dir, 'i18next')).toBe('26.7.2');
  });
});
