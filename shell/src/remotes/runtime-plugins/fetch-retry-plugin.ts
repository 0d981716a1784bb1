import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Retries a failed manifest download a couple of times with a growing pause: on a flaky
 * mobile connection one dropped request should not cost the visitor a whole section.
 */
export function fetchRetryPlugin({ retries = 2, delayMs = 300 } = {}): ModuleFederationRuntimePlugin {
  return {
    name: 'city-fetch-retry',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        try {
          const response = await fetch(url, init);
          if (response.ok || response.status < 500) return response;
          lastError = new Error(`HTTP ${response.status}`);
        } catch (e) {
          lastError = e;
        }
        if (attempt < retries) await new Promise((r) => setTimeout(r, delayMs * (attempt + 1)));
      }
      throw lastError;
    },
  };
}
