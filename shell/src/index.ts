import { startPreload } from './remotes/startup-preload';

// Before the app's chunks arrive: ask for config.json and remotes.json, and start on the
// remote this route needs first, so it downloads alongside React instead of after it.
startPreload({ config: '/config.json', remotes: '/remotes.json' }, window.location.pathname);

// Async boundary: lets Module Federation negotiate shared singletons before any import runs.
import('./bootstrap');
