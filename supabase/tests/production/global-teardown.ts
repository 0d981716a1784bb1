import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const url = process.env.PROD_PG_URL;
  const template = process.env.PROD_PG_TEMPLATE;
  if (globalThis.__PROD_CLUSTER__) {
    globalThis.__PROD_CLUSTER__.stop();
    globalThis.__PROD_CLUSTER__ = undefined;
    return;
  }
  if (url && template) {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${template}"`);
    } finally {
      await admin.end();
    }
  }
}
