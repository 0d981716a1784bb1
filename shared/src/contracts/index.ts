export * from './remotes';
export * from './runtime-config';
export * from './routes';
export * from './public-rest-request';
export * from './page-reads';
