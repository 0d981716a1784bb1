/** What the parts of the GoTrue subset share: the database, the JWT signer, [auth] and the clock. */
import type { ProjectConfig } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { Jwt } from '../jwt.ts';
import type { HourlyWindow } from './limits.ts';

export interface AuthContext {
  db: Db;
  jwt: Jwt;
  /** The server's public address (the tokens' `iss` is it + /auth/v1). */
  issuer: () => string;
  /** [auth] of supabase/config.toml (local/config.ts). */
  config: ProjectConfig['auth'];
  /** Clock in ms (tests move it; see the server's --test-clock). */
  now(): number;
  /** Project-wide SMS per hour (auth.rate_limit.sms_sent). */
  smsSent: HourlyWindow;
  /** Where codes are "sent" (see GoTrueOptions.outboxFile). */
  outboxFile: string | undefined;
}
