// The profile's data calls (a provider, its ratings and reviews), over the page's one supabase
// client (@city/shared). Components import from here (tests mock this module).
export * from './provider';
export * from './ratings';
export * from './reviews';
export * from './outbox';
export * from './views';
export * from './reports';
export * from './session';
