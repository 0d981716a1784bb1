// CSS in the entry: linked in <head> by the HTML plugin, so the prerendered page paints styled
// (CSS is no federated singleton: importing it here consumes nothing shared).
import '@city/shared/ui.css';
import './styles/fonts.css';
import './styles/shell.css';
import './styles/layout-stability.css';
import { afterNextPaint } from '@city/shared/scheduling/frames';
import { startPreload } from './remotes/startup-preload';
import { bootstrapShared, warmSharedSingletons } from './remotes/warm-shared';
import { applyLanguageFromUrl } from './app/url-language';

// `?lang=` (the language toggle is a link to it, so it works before the app runs): stored, then
// out of the URL, before anything reads either.
applyLanguageFromUrl();

// The prerendered page paints first; then the app starts.
afterNextPaint(() => {
  // Before the app's chunks arrive: ask for config.json and remotes.json, and start on the
  // remote this route needs first, so it downloads alongside React instead of after it.
  startPreload({ config: '/config.json', remotes: '/remotes.json' }, window.location.pathname, window.location.search);
  // Async boundary: lets Module Federation negotiate shared singletons before any import runs.
  // React and the other singletons are made ready in small tasks first (warm-shared.ts); the
  // HTML preloads the bootstrap chunk meanwhile (shell/rspack.config.ts), so waiting costs no
  // round trip.
  void warmSharedSingletons(bootstrapShared()).then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
});
