import { DEVICE_TOKEN_KEY, DEVICE_TOKEN_PATTERN, LEGACY_DEVICE_ID_KEY, newDeviceToken } from '../device-token';

/** A fresh copy of the module: its memory fallback lives in module state. */
function freshModule(): typeof import('../device-token') {
  let mod!: typeof import('../device-token');
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof import('../device-token')>('../device-token');
  });
  return mod;
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('newDeviceToken', () => {
  it('is 22 base64url characters from 16 random bytes', () => {
    const spy = jest.spyOn(crypto, 'getRandomValues');
    const token = newDeviceToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(token).toMatch(DEVICE_TOKEN_PATTERN);
    expect((spy.mock.calls[0]![0] as Uint8Array).length).toBe(16);
  });

  it('encodes the bytes as base64url without padding', () => {
    jest.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      (array as Uint8Array).fill(0xfb);
      return array;
    });
    // 0xfb bytes are '+' and '/' heavy in plain base64: base64url has '-' and '_' instead.
    expect(newDeviceToken()).toBe('-_v7-_v7-_v7-_v7-_v7-w');
  });

  it('differs every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, newDeviceToken));
    expect(tokens.size).toBe(200);
  });
});

describe('getDeviceToken', () => {
  it('makes a token once, keeps it in localStorage and returns it on later calls', () => {
    const { getDeviceToken } = freshModule();
    const token = getDeviceToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(localStorage.getItem(DEVICE_TOKEN_KEY)).toBe(token);
    expect(getDeviceToken()).toBe(token);
    expect(freshModule().getDeviceToken()).toBe(token);
  });

  it('never reuses the old public device id, and removes it', () => {
    localStorage.setItem(LEGACY_DEVICE_ID_KEY, 'b7d5f2a0-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
    const token = freshModule().getDeviceToken();
    expect(token).not.toContain('b7d5f2a0');
    expect(localStorage.getItem(LEGACY_DEVICE_ID_KEY)).toBeNull();
    expect(localStorage.getItem(DEVICE_TOKEN_KEY)).toBe(token);
  });

  it('replaces a stored value that is not a valid token', () => {
    localStorage.setItem(DEVICE_TOKEN_KEY, 'short');
    const token = freshModule().getDeviceToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(localStorage.getItem(DEVICE_TOKEN_KEY)).toBe(token);
  });

  it('keeps one token in memory for the page when storage is blocked', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const { getDeviceToken } = freshModule();
    const token = getDeviceToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(getDeviceToken()).toBe(token);
  });

  it('keeps one token in memory when storage is full', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { getDeviceToken } = freshModule();
    const token = getDeviceToken();
    expect(getDeviceToken()).toBe(token);
    expect(localStorage.getItem(DEVICE_TOKEN_KEY)).toBeNull();
  });
});
