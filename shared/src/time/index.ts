export * from './kolkata';
