export * from './remotes';
export * from './runtime-config';
