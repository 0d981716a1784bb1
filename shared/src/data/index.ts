// How the remotes load data (use-query.ts): one hook, one state shape.
export * from './use-query';
