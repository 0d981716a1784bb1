/**
 * Server entry of the build-time prerender (bundled for Node by prerender-home.ts): `/` in
 * Hindi with the directory's category grid, as the browser's first render would draw it.
 */
import { PassThrough } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { ReactNode } from 'react';
import { initI18n } from '@city/shared';
import { App } from '../src/app/app';
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
