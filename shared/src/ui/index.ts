export * from './button';
export * from './dialog';
export * from './star-rating';
export * from './badge';
export * from './toast-viewport';
export * from './category-icon';
