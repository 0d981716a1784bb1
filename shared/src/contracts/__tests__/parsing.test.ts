import { parseRemotesManifest, parseRuntimeConfig, RemotesManifestError, RuntimeConfigError } from '..';

const goodConfig = {
  supabaseUrl: 'http://localhost:54321/',
  supabaseAnonKey: 'key',
  operatorPhone: '9876543210',
  operatorWhatsapp: '919876543210',
  socialLinks: { facebook: 'https://facebook.com/x' },
};

describe('parseRuntimeConfig', () => {
  it('accepts a complete config and trims the URL', () => {
    expect(parseRuntimeConfig(goodConfig)).toMatchObject({ supabaseUrl: 'http://localhost:54321', operatorPhone: '9876543210' });
  });

  it('names every problem in a bad config', () => {
    try {
      parseRuntimeConfig({ supabaseUrl: 'ftp://x', operatorPhone: '123', socialLinks: { facebook: 'javascript:alert(1)' } });
      throw new Error('should have thrown');
    } catch (e) {
      expect(e).toBeInstanceOf(RuntimeConfigError);
      expect((e as RuntimeConfigError).problems).toEqual([
        'supabaseUrl must be an http(s) URL',
        'supabaseAnonKey is required',
        'operatorPhone must be 10 digits',
        'operatorWhatsapp must be 11-15 digits with country code',
        'socialLinks.facebook must be an http(s) URL',
      ]);
    }
  });

  it('rejects non-objects', () => {
    expect(() => parseRuntimeConfig([])).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig(null)).toThrow(RuntimeConfigError);
  });
});

describe('parseRemotesManifest', () => {
  const good = {
    mf_directory: 'http://localhost:3001/mf-manifest.json',
    mf_provider_profile: 'http://localhost:3002/mf-manifest.json',
    mf_registration: 'http://localhost:3003/mf-manifest.json',
    mf_ads: 'http://localhost:3004/mf-manifest.json',
    mf_admin: 'http://localhost:3005/mf-manifest.json',
  };
  it('accepts every remote with an http(s) URL', () => {
    expect(parseRemotesManifest(good)).toEqual(good);
  });
  it('rejects a missing or non-URL remote', () => {
    expect(() => parseRemotesManifest({ ...good, mf_ads: undefined })).toThrow(/mf_ads/);
    expect(() => parseRemotesManifest({ ...good, mf_admin: 'not a url' })).toThrow(RemotesManifestError);
  });
});
