import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a running server writes to <dataDir>/server.json (service key included: never serve this file). */
export interface ServerInfo {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  pid: number;
}

export const serverInfoFile = (dataDir: string) => join(dataDir, 'server.json');

/**
 * The server.json of a data folder, or null: none yet, half written, or (with `pid`) written
 * by another process than the one a caller just started. Dependency-free, so build configs
 * and test harnesses can read it without loading the server.
 */
export function readServerInfo(dataDir: string, pid?: number): ServerInfo | null {
  const file = serverInfoFile(dataDir);
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as ServerInfo;
    return pid === undefined || info.pid === pid ? info : null;
  } catch {
    return null;
  }
}
