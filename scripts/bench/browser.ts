/**
 * Browser measurements: first-render JavaScript from the network log, Lighthouse (simulated
 * throttling, its defaults), and LCP under real throttling over CDP.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/harness/chromium';

export interface ScriptFile {
  url: string;
  origin: string;
  file: string;
  /** Bytes on the wire (gzip) as the browser's network log reports them. */
  transferBytes: number;
}

export interface Download {
  url: string;
  /** The browser's resource type: script, stylesheet, font, fetch, image, document... */
  type: string;
  transferBytes: number;
}

/**
 * The JavaScript the first render of a page needs: every script requested before the element
 * `waitFor` is React's (rendered, or hydrated when the page was prerendered: React tags the DOM
 * nodes it owns), by URL with its encoded (gzip) size from the network log. Work the app defers
 * to after the first render (ads after idle, the fallback language, supabase-js when data is
 * first needed) is not counted: it is measured apart as `later`. `all`: every response (any
 * type) requested within `windowMs` of the navigation; the page is watched that long (at least
 * until 4 s after idle).
 */
export async function firstRenderScripts(
  executablePath: string,
  url: string,
  waitFor: string,
  { windowMs = 0 }: { windowMs?: number } = {},
): Promise<{ first: ScriptFile[]; later: ScriptFile[]; all: Download[] }> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    const pending: Promise<(ScriptFile & { first: boolean }) | null>[] = [];
    const downloads: Promise<Download | null>[] = [];
    let rendered = false;
    let started = 0;
    page.on('request', (request) => {
      if (started > 0 && Date.now() - started <= windowMs) {
        downloads.push(
          request.response().then(
            async (response) => {
              if (!response) return null;
              await response.finished();
              const sizes = await request.sizes();
              return { url: request.url(), type: request.resourceType(), transferBytes: sizes.responseBodySize };
            },
            () => null,
          ),
        );
      }
      if (request.resourceType() !== 'script') return;
      const first = !rendered;
      pending.push(
        request.response().then(
          async (response) => {
            if (!response) return null;
            await response.finished();
            const sizes = await request.sizes();
            const u = new URL(request.url());
            return { url: request.url(), origin: u.origin, file: u.pathname.slice(1), transferBytes: sizes.responseBodySize, first };
          },
          () => null,
        ),
      );
    });
    started = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page
      .waitForFunction(
        (selector) => {
          const el = document.querySelector(selector);
          return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
        },
        waitFor,
        // Generous: on a loaded machine a data page's first query has taken over a minute once.
        { timeout: 120_000, polling: 10 },
      )
      .catch(async (e: unknown) => {
        const text = await page.evaluate(() => document.body.innerText.slice(0, 1500)).catch(() => '(no page)');
        throw new Error(`${url}: ${waitFor} never became React's within 120 s. The page showed:\n${text}`, { cause: e });
      });
    rendered = true;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(4000); // what the app defers to idle (ads, fallback language) starts by now
    await page.waitForLoadState('networkidle');
    const left = windowMs - (Date.now() - started);
    if (left > 0) {
      await page.waitForTimeout(left);
      await page.waitForLoadState('networkidle');
    }
    const files = (await Promise.all(pending)).filter((f): f is ScriptFile & { first: boolean } => f !== null);
    const all = (await Promise.all(downloads)).filter((d): d is Download => d !== null);
    await context.close();
    const strip = ({ first: _first, ...f }: ScriptFile & { first: boolean }): ScriptFile => f;
    return { first: files.filter((f) => f.first).map(strip), later: files.filter((f) => !f.first).map(strip), all };
  } finally {
    await browser.close();
  }
}

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  fcpMs: number;
}

/** Lighthouse (13.x) with its default config: mobile emulation, simulated Slow 4G + 4x CPU. */
export async function lighthouseRuns(executablePath: string, url: string, runs: number): Promise<LighthouseRun[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const out: LighthouseRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    // A fresh browser per run: nothing cached or warmed up between runs.
    const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: ['--headless', ...CHROMIUM_ARGS] });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      // BENCH_LH_DUMP=<dir>: keep each run's full report (long tasks, bootup time, the LCP element) for analysis.
      if (process.env.BENCH_LH_DUMP) {
        const { mkdirSync, writeFileSync } = await import('node:fs');
        mkdirSync(process.env.BENCH_LH_DUMP, { recursive: true });
        writeFileSync(
          `${process.env.BENCH_LH_DUMP}/${new URL(url).port}${new URL(url).pathname.replace(/\W+/g, '_')}-${i}.json`,
          JSON.stringify(lhr),
        );
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      out.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        totalBytes: audit('total-byte-weight'),
        fcpMs: audit('first-contentful-paint'),
      });
    } finally {
      chrome.kill();
    }
  }
  return out;
}

/**
 * Lighthouse's "Slow 4G" as DevTools applies it for real (its simulated values times its
 * own devtools adjustment factors): 562.5 ms RTT, 1474.6 kbit/s down, 675 kbit/s up.
 */
const SLOW_4G = { latency: 150 * 3.75, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };

/** LCP of a cold load with the network and CPU really throttled (CDP), read from a buffered observer. */
export async function realThrottledLcp(executablePath: string, url: string, runs: number): Promise<number[]> {
  const out: number[] = [];
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number };
        w.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
      await page.waitForLoadState('networkidle', { timeout: 120_000 });
      await page.waitForTimeout(1500);
      out.push(await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp));
      await context.close();
    }
  } finally {
    await browser?.close();
  }
  return out;
}

export const median = (values: number[]): number => {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
