/**
 * The boot skeleton's names (src/app/boot-skeleton.tsx), without React: the serving step
 * (shell/server) and the build (shell/prerender) import them too.
 */
export const BOOT_SKELETON_ID = 'boot-skeleton';
/** On <html>, set by the guard: which language's header and loading text the skeleton shows. */
export const BOOT_LANGUAGE_ATTRIBUTE = 'data-boot-lang';
/**
 * In the skeleton's main region of shell.html and index.html: a serving step may replace it with
 * the route's own text (escaped), e.g. on /provider/:id
 * `<h1 class="boot-skeleton__title">name</h1><p class="boot-skeleton__facts">category · area · rating</p>`;
 * the title is sized like the profile's name, so it can be the page's largest paint.
 */
export const BOOT_CONTENT_MARKER = '<!--boot-content-->';
