export * from './registration';
