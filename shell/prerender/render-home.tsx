/**
 * Server entry of the build-time prerender (bundled for Node by prerender-home.ts): `/` in
 * Hindi with the directory's category grid, as the browser's first render would draw it.
 */
import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ensureLanguage, i18n, initI18n, LANGUAGES } from '@city/shared';
import { App } from '../src/app/app';
import { Header } from '../src/layout/header';
import { BOOT_CONTENT_MARKER, BOOT_SKELETON_ID, BootBlocks, BootHeader, BootLoading } from '../src/app/boot-skeleton';
import { PRERENDER_LANGUAGE, prerenderApplies } from '../src/app/prerender-scope';
import { requestedRemotes } from './federation-stub';

function HomeRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location="/">{children}</StaticRouter>;
}

export { prerenderApplies, PRERENDER_LANGUAGE };

export async function renderHome(): Promise<{ html: string; remotes: string[] }> {
  await initI18n(PRERENDER_LANGUAGE);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(<App Router={HomeRouter} />, {
    // One complete document: no boundary is split out to be revealed by an inline script later
    // (the CSP allows no inline script but the guard, and there is nothing to stream).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      errors.push(error);
    },
  });
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  prelude.pipe(sink);
  for await (const chunk of sink) chunks.push(Buffer.from(chunk as Buffer));
  if (errors.length > 0) throw new Error(`prerender of / failed:\n${errors.map(String).join('\n')}`);
  const html = Buffer.concat(chunks).toString('utf8');
  if (html.includes('<script'))
    throw new Error('the prerendered HTML of / contains a script: hydration would need it and the CSP blocks it');
  return { html, remotes: [...requestedRemotes] };
}

/**
 * The boot skeleton (src/app/boot-skeleton.tsx): the shell's real header and the loading line in
 * every language, plus grey blocks, as static HTML the guard shows on every route the
 * prerendered home does not apply to.
 */
export async function renderBootSkeleton(): Promise<string> {
  const headers: string[] = [];
  const loading: string[] = [];
  for (const language of LANGUAGES) {
    await ensureLanguage(language);
    await i18n.changeLanguage(language);
    const wrap = (node: ReactNode) => renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
    headers.push(
      wrap(
        <StaticRouter location="/">
          <BootHeader language={language}>
            <Header />
          </BootHeader>
        </StaticRouter>,
      ),
    );
    loading.push(wrap(<BootLoading language={language} />));
  }
  await i18n.changeLanguage(PRERENDER_LANGUAGE);
  const html =
    `<div id="${BOOT_SKELETON_ID}" class="boot-skeleton"><div class="site">${headers.join('')}` +
    `<main class="site-main boot-skeleton__main" aria-busy="true">${BOOT_CONTENT_MARKER}${loading.join('')}${renderToStaticMarkup(<BootBlocks />)}</main>` +
    `</div></div>`;
  if (html.includes('<script')) throw new Error('the boot skeleton contains a script');
  return html;
}
