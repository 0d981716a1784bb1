// The profile's data calls (a provider, its ratings and reviews), over the page's one supabase
// client (@city/shared). Components import from here (tests mock this module).
export * from './provider';
export * from './ratings';
export * from './reviews';
export * from './outbox';
export * from './views';
// Reports: only the report dialog's chunk (and the outbox sender's) import './reports' itself:
// re-exported from here, its code would sit in the profile's first render.
export type { ReportReason, ReportTarget } from './reports';
export * from './session';
