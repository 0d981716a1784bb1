/**
 * The page a visitor sees before the app has started on any route the prerendered home does
 * not apply to (a profile, a category or search, a static page, admin, English chosen): the
 * shell's header and a translated loading state, painted from the first HTML instead of a
 * blank page.
 *
 * The build (shell/prerender) renders it, in Hindi and in English, after `#root` in index.html
 * and in shell.html (the document the serving step answers every other path with). The head's
 * guard script shows it (html[data-prerender-off]) and picks its language
 * (html[data-boot-lang]: `?lang=`, else the stored choice, else Hindi). It is static HTML, never
 * hydrated: the app's first commit removes it (`BootSkeletonGone`), in the same frame as its own
 * header appears in the same place.
 *
 * The serving step may put text of the route into its main region in place of
 * BOOT_CONTENT_MARKER (e.g. a provider's name, category, area and rating on /provider/:id, as
 * an <h1 class="boot-skeleton__title"> and <p class="boot-skeleton__facts">), so the first HTML
 * carries that text and it can be the page's largest paint.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PRERENDER_OFF_ATTRIBUTE } from './prerender-scope';
import { BOOT_LANGUAGE_ATTRIBUTE, BOOT_SKELETON_ID } from './boot-skeleton-markers';

export { BOOT_CONTENT_MARKER, BOOT_SKELETON_ID } from './boot-skeleton-markers';

/** One language's header, as the shell renders it (the build passes the real <Header />). */
export function BootHeader({ language, children }: { language: string; children: ReactNode }) {
  return (
    <div className="boot-skeleton__lang" data-boot-lang={language} lang={language}>
      {children}
    </div>
  );
}

/** The loading line of one language (the same text and class as a remote slot's while it loads). */
export function BootLoading({ language }: { language: string }) {
  const { t } = useTranslation();
  return (
    <p className="remote-loading boot-skeleton__lang" data-boot-lang={language} lang={language}>
      {t('remote.loading')}
    </p>
  );
}

/** Grey blocks where a page's content will be: a title, a search-box-sized bar, cards. */
export function BootBlocks() {
  return (
    <div className="boot-skeleton__blocks" aria-hidden="true">
      <div className="boot-skeleton__block boot-skeleton__block--title" />
      <div className="boot-skeleton__block boot-skeleton__block--bar" />
      <div className="boot-skeleton__block boot-skeleton__block--card" />
      <div className="boot-skeleton__block boot-skeleton__block--card" />
      <div className="boot-skeleton__block boot-skeleton__block--card" />
    </div>
  );
}

/** Removes the skeleton when the app's first render commits (hydrated or drawn). */
export function BootSkeletonGone({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    document.getElementById(BOOT_SKELETON_ID)?.remove();
    document.documentElement.removeAttribute(PRERENDER_OFF_ATTRIBUTE);
    document.documentElement.removeAttribute(BOOT_LANGUAGE_ATTRIBUTE);
  }, []);
  return children;
}
