/**
 * Attack 4 of issue 23: 900 track_click calls with fresh device tokens turned an owner's
 * weekly leads from 5 into 305. Now one address counts at most 3 per provider and kind a day.
 */
import {
  anonClaims,
  approvedProvider,
  attack,
  edgeHeaders,
  figures,
  freshAddress,
  freshDeviceToken,
  openProductionDb,
  tally,
  type ProductionDb,
} from './db';

let db: ProductionDb;
beforeAll(async () => {
  db = await openProductionDb();
});
afterAll(async () => {
  await db?.close();
});

async function countsOf(id: string): Promise<Record<string, number>> {
  const r = await db.su.query<{ click_type: string; n: string }>(
    'select click_type, count(*) as n from public.click_tracking where provider_id = $1 group by click_type',
    [id],
  );
  return Object.fromEntries(['call', 'whatsapp', 'view'].map((t) => [t, Number(r.rows.find((x) => x.click_type === t)?.n ?? 0)]));
}

test('900 clicks from one address with fresh device tokens count at most 3 per kind', async () => {
  const p = await approvedProvider(db.su);
  const address = freshAddress();
  const kinds = ['call', 'whatsapp', 'view'] as const;
  const results = await attack(900, 8, (i) =>
    db.callAsPostgrest({
      role: 'anon',
      claims: anonClaims(),
      headers: edgeHeaders(address),
      fn: 'track_click',
      args: { p_provider_id: p.id, p_click_type: kinds[i % 3], p_device_token: freshDeviceToken() },
    }),
  );
  const counts = await countsOf(p.id);
  figures('900 clicks, one address', { counted: counts, answers: tally(results) });
  expect(counts.call).toBeLessThanOrEqual(3);
  expect(counts.whatsapp).toBeLessThanOrEqual(3);
  expect(counts.view).toBeLessThanOrEqual(3);
  // Beyond the daily count: silently not counted; beyond 600 an hour from the address: 429.
  for (const r of results.filter((x) => x.status >= 300)) {
    expect(`${r.status} ${r.code}`).toBe('429 PT429');
    expect(r.hint).toMatch(/^retry after [0-9]+ seconds$/);
  }
});

test('the same device tapping call again the same day counts once', async () => {
  const p = await approvedProvider(db.su);
  const token = freshDeviceToken();
  const results = await attack(10, 2, () =>
    db.callAsPostgrest({
      role: 'anon',
      claims: anonClaims(),
      headers: edgeHeaders(freshAddress()),
      fn: 'track_click',
      args: { p_provider_id: p.id, p_click_type: 'call', p_device_token: token },
    }),
  );
  expect(tally(results)).toEqual({ '204': 10 });
  expect((await countsOf(p.id)).call).toBe(1);
});
