export * from './remotes';
export * from './runtime-config';
export * from './routes';
export * from './background-tasks';
export * from './public-rest-request';
