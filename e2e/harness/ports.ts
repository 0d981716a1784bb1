/** Test ports, apart from `npm start`'s (3000-3005, 54321) so both can run at once. */
export const E2E_SHELL_PORT = 3100;
export const E2E_ALT_REMOTE_PORT = 3110;
export const E2E_CONTROL_PORT = 3199;
export const E2E_BACKEND_PORT = 54399;
