export * from './resources';
export * from './instance';
export * from './format';
export * from './use-language';
