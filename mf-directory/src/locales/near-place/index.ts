// The 'directoryNearPlace' namespace: the strings of the near-place chunk (issue 27: what only a
// visitor with a chosen place sees, offline included). Both languages ship in that chunk (loaded
// once a place is chosen, after hydration), not in a list's first render; English is not a chunk
// of its own because the note it carries is shown offline, where a further download can fail.
import { addNamespace } from '@city/shared';
import en from './en.json';
import hi from './hi.json';

declare module '@city/shared' {
  interface I18nNamespaces {
    directoryNearPlace: typeof en;
  }
}

// Typed as the English: a key missing in Hindi fails the type check (__tests__ checks both ways).
const hindi: typeof en = hi;

addNamespace('directoryNearPlace', { hi: hindi, en });
