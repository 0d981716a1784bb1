/**
 * @jest-environment node
 */
import type { IncomingMessage } from 'node:http';
import { clientAddress, clientNetwork, loggedPath, requestLogLine } from '../request-log';

describe('the request log', () => {
  it('keeps the path and drops the query string', () => {
    expect(loggedPath('/?q=ramesh+9876543210')).toBe('/');
    expect(loggedPath('/provider/3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90?utm_source=chat')).toBe(
      '/provider/3f1c2a7e-9b1d-4c55-8a2e-6d0f4b8e1a90',
    );
    expect(loggedPath('/a#b')).toBe('/a');
    expect(loggedPath(undefined)).toBe('/');
    expect(loggedPath(`/${'x'.repeat(500)}`)).toHaveLength(201);
  });

  it('truncates the client address to its network', () => {
    expect(clientNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(clientNetwork('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(clientNetwork('2001:db8:1234:5678::1')).toBe('2001:db8:1234::/48');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(clientNetwork('::1')).toBe('0:0:0::/48');
    expect(clientNetwork('not an address')).toBe('unknown');
    expect(clientNetwork('')).toBe('unknown');
  });

  it('believes X-Forwarded-For only with TRUST_PROXY, and then only the proxies own entries', () => {
    expect(clientAddress('10.0.0.5', '203.0.113.7', 0)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', '203.0.113.7', 1)).toBe('203.0.113.7');
    // What the client wrote itself is further left: not believed.
    expect(clientAddress('10.0.0.5', '1.2.3.4, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.5', '1.2.3.4, 203.0.113.7, 10.0.0.9', 2)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.5', '203.0.113.7:5678', 1)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.5', '[2001:db8::1]:443', 1)).toBe('2001:db8::1');
    expect(clientAddress('10.0.0.5', undefined, 1)).toBe('10.0.0.5');
  });

  it('writes one JSON line with no header and no query in it', () => {
    const req = {
      method: 'GET',
      url: '/?q=9876543210&token=abc',
      headers: {
        authorization: 'Bearer secret-token',
        apikey: 'secret-apikey',
        cookie: 'sid=secret-cookie',
        'x-forwarded-for': '198.51.100.23',
        'user-agent': 'WhatsApp/2.23',
      },
      socket: { remoteAddress: '::ffff:192.0.2.10' },
    } as unknown as IncomingMessage;
    const line = requestLogLine({ req, status: 200, bytes: 1234, ms: 12.345, aborted: false }, 0, new Date('2026-11-26T10:00:00Z'));
    expect(JSON.parse(line)).toEqual({
      time: '2026-11-26T10:00:00.000Z',
      method: 'GET',
      path: '/',
      status: 200,
      bytes: 1234,
      ms: 12.3,
      client: '192.0.2.0/24',
    });
    for (const secret of ['9876543210', 'abc', 'secret', 'WhatsApp', '198.51']) expect(line).not.toContain(secret);
    const behindProxy = JSON.parse(requestLogLine({ req, status: 499, bytes: 0, ms: 1, aborted: true }, 1));
    expect(behindProxy).toMatchObject({ client: '198.51.100.0/24', aborted: true });
    const odd = JSON.parse(
      requestLogLine({ req: { ...req, method: 'BREW' } as IncomingMessage, status: 405, bytes: 0, ms: 1, aborted: false }, 0),
    );
    expect(odd.method).toBe('OTHER');
  });
});
