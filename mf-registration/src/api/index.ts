// The registration's data call, over the page's one supabase client (@city/shared). Components
// and hooks import from here (tests mock this module).
export * from './registration';
export * from './my-listing';
export * from './photos';
