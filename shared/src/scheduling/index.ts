/**
 * When to run what, in one place: after the next paint, when idle, after `load`
 * (frames.ts, stateless); when the page's own content is shown (page-content.ts); when all of
 * those have happened (page-idle.ts); and the hooks over them. README.md beside this file.
 */
export * from './frames';
export * from './page-content';
export * from './page-idle';
export * from './use-page-idle';
export * from './use-idle-after-ready';
export * from './use-hydrated';
