// Typed data access: the only code that talks to supabase-js. One file per spec call group.
export * from './auth';
export * from './errors';
export * from './providers';
export * from './ads';
