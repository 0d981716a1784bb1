/**
 * The production-path suite's database: a throw-away PostgreSQL 15 cluster (PROD_PG_URL, a
 * superuser URL, when scripts/run-tests.mjs started one; else this starts its own) and a
 * template database with platform.sql + every migration. Each test file clones the template.
 */
import { createTemplate } from './template';

declare global {
  var __PROD_CLUSTER__: { url: string; stop(): void } | undefined;
}

export default async function globalSetup(): Promise<void> {
  let url = process.env.PROD_PG_URL;
  if (!url) {
    // Test tooling (initdb + pg_ctl), not the local server.
    const { startCluster } = (await import('../../scripts/pg-cluster.mjs')) as {
      startCluster(pgBin?: string): { url: string; stop(): void };
    };
    const cluster = startCluster(process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin');
    globalThis.__PROD_CLUSTER__ = cluster;
    url = cluster.url;
  }
  const template = `prod_template_${process.pid}`;
  const t0 = Date.now();
  await createTemplate(url, template);
  process.env.PROD_PG_URL = url;
  process.env.PROD_PG_TEMPLATE = template;
  const upTo = process.env.PROD_MIGRATIONS_UPTO ? ` up to ${process.env.PROD_MIGRATIONS_UPTO}` : '';
  console.log(`\nproduction path: platform.sql + migrations${upTo} applied in ${Date.now() - t0} ms`);
}
