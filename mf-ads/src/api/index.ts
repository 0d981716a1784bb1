// The ads popup's data call. Components import from here (tests mock this module).
export * from './ads';
