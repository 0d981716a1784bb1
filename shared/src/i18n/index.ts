// Type-only: brings the t() key types into every program that imports @city/shared.
import type {} from './i18next-types';
export * from './resources';
export * from './instance';
export * from './format';
export * from './use-language';
