// The directory's data calls, over the page's one supabase client (@city/shared). Components
// import from here (tests mock this module), never build queries themselves.
export * from './search';
// './photos' (cover thumbnails) is imported on demand by hooks/use-cover-thumbs.ts: not in the first render.
