import { createServer, type AddressInfo } from 'node:net';

/**
 * A port the system has just handed out as free. A random pick could land on a sibling test
 * server or on the local end of an open connection (both in the ephemeral range): EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
