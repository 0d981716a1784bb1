// The dialog and the stars are subpaths of their own (@city/shared/ui/dialog, /ui/star-rating):
// not in the root every page loads.
export * from './button';
export * from './badge';
export * from './toast-viewport';
export * from './category-icon';
