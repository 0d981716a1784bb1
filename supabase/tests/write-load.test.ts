/**
 * Load (small, bounded): 50 ratings (rpc/rate_provider) and 50 reviews
 * (rpc/add_review), each from a signed-in phone of its own, at once, then the
 * same 50 ratings changed at once, against the shared test server. No write lost
 * (rows and the trigger-kept rating_count / avg_rating counted after), no 5xx.
 * The full run (200 + 200, figures printed) is `npm run bench:writes`.
 */
import { runWriteLoad } from '../bench/write-load-core';
import { server } from './helpers';

test('50 concurrent ratings + 50 reviews, then 50 concurrent rating changes: every write kept, no 5xx', async () => {
  const r = await runWriteLoad(server(), 50);
  expect(r.fiveXx).toBe(0);
  // rate_provider returns nothing (204), add_review the stored row (200).
  expect(r.phases.map((p) => p.statuses)).toEqual([{ '200': 50, '204': 50 }, { '204': 50 }]);
  expect(r.counted).toEqual({ ratings: 50, reviews: 50, ratingCount: 50, avgRating: 3 });
  expect(r.lost).toBe(false);
}, 60_000);
