/**
 * Test ports, apart from `npm start`'s (3000-3005, 54321) so both can run at once.
 * E2E_PORT_OFFSET shifts them all, so two e2e runs on one machine do not collide.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E_SHELL_PORT = 3100 + offset;
export const E2E_ALT_REMOTE_PORT = 3110 + offset;
export const E2E_CONTROL_PORT = 3199 + offset;
export const E2E_BACKEND_PORT = 54399 + offset;
/** Other builds of a remote that a spec builds and serves itself (independent-deploys): 3111 on. */
export const E2E_VARIANT_PORT_BASE = 3111 + offset;
/**
 * The production rehearsal (production-rehearsal.ts): `npm run serve` on the base, each remote's
 * static host on the next five, and its own backend.
 */
export const E2E_REHEARSAL_PORT_BASE = 3160 + offset;
export const E2E_REHEARSAL_BACKEND_PORT = 54380 + offset;
