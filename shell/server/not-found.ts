import type { IncomingMessage } from 'node:http';
import { matchRoute } from '@city/shared/contracts';
import type { DynamicResponse, DynamicRoute } from './static-server';

/** A page the app answers with "not found": kept out of search results. */
export function renderNotFound(html: string): string {
  return html.replace(/<\/head>/i, () => `    <meta name="robots" content="noindex" />\n  </head>`);
}

/** Whether no route of the route manifest but `*` (the app's not-found page) matches this path. */
export function isUnknownPage(pathname: string): boolean {
  return matchRoute(pathname).path === '*';
}

/**
 * The shell's answer for a path that is no file: `page` first (a profile's HTML with its
 * preview tags, or its 404), then a 404 with the same shell HTML for a path no route matches
 * (the app renders its translated not-found page), else null: the shell HTML as it is.
 */
export function pageOrNotFoundRoute(page: DynamicRoute, shellHtml: () => string): DynamicRoute {
  return async (req: IncomingMessage): Promise<DynamicResponse | null> => {
    const out = await page(req);
    if (out) return out;
    if (!isUnknownPage(new URL(req.url ?? '/', 'http://x').pathname)) return null;
    return { status: 404, type: 'text/html; charset=utf-8', body: renderNotFound(shellHtml()) };
  };
}
