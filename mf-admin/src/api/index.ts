// The admin console's data calls (admin-only RPCs). Components import from here (tests mock this module).
export * from './admin';
export * from './console';
export * from './owner-edits';
export * from './photos';
