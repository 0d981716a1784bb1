export * from './offline-store';
