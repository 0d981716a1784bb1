// The public surface of @city/shared. Browser code imports from '@city/shared', so the
// federation shares exactly one copy of it (and of its stores and clients) per page. What has no
// state and few users is a subpath instead (`exports` in package.json: validation, the dialog,
// the stars), bundled into the modules that use it: every page loads this root whole.
export * from './contracts';
export * from './config/runtime-config-store';
export * from './supabase/client';
export * from './device/device-token';
export * from './i18n';
export * from './stores/toast-store';
export * from './stores/auth-store';
export * from './stores/visitor-place-store';
export * from './scheduling';
export * from './stores/toast-host';
export * from './api';
export * from './data';
export * from './ui';
export * from './catalogue';
export * from './offline';
export * from './time';
