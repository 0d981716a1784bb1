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

/** Every script the browser downloads to render `url` until the network is quiet, cold cache. */
export async function firstRenderScripts(executablePath: string, url: string, waitFor: string): Promise<ScriptFile[]> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    const pending: Promise<ScriptFile | null>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        request.sizes().then((sizes) => {
          const u = new URL(request.url());
          return { url: request.url(), origin: u.origin, file: u.pathname.slice(1), transferBytes: sizes.responseBodySize };
        }, () => null),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector(waitFor, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const files = (await Promise.all(pending)).filter((f): f is ScriptFile => f !== null);
    await context.close();
    return files;
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

/** Lighthouse 12.8.2 with its default config: mobile emulation, simulated Slow 4G + 4x CPU. */
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
