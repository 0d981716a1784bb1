// Typed data access: the only code that talks to supabase-js. One file per feature's calls;
// each feature's team owns its file.
export * from './auth';
export * from './errors';
export * from './providers';
export * from './search';
export * from './ratings';
export * from './reviews';
export * from './clicks';
export * from './registration';
export * from './ads';
export * from './admin';
