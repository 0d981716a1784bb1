/**
 * A profile page's data on the server: its first reads (the remote's own requests, declared in
 * @city/shared's page-reads.ts) and, taken from their answers, the provider its preview tags and
 * JSON-LD show. One read of each per page: the preview and the remote share them.
 */
import { averageRatingsRead, profileFirstReads, providerRowRead, type FirstReads } from '@city/shared/contracts';
import { firstReadAnswer, readFirstReads, type DataService, type FirstReadsOptions } from './first-reads';
import { PROVIDER_NOT_LISTED, type ProfileReads } from './provider-og';

/**
 * The provider a preview shows, from the profile's first reads (the row and its average, as the
 * remote reads them): what the public profile shows, nothing else. Not listed when the row read
 * answered no row; null when it did not answer; without a rating when the average did not.
 */
export function providerFromFirstReads(id: string, reads: FirstReads | null, dataService: DataService): ProfileReads['provider'] {
  const rows = firstReadAnswer(reads, providerRowRead(id), dataService);
  if (Array.isArray(rows) && rows.length === 0) return PROVIDER_NOT_LISTED;
  const row = Array.isArray(rows) && rows.length === 1 ? (rows[0] as Record<string, unknown>) : null;
  if (!row || typeof row.name !== 'string' || typeof row.category !== 'string') return null;
  const ratings = firstReadAnswer(reads, averageRatingsRead([id]), dataService);
  const rating = Array.isArray(ratings) ? (ratings as Record<string, unknown>[]).find((r) => r.provider_id === id) : undefined;
  return {
    name: row.name,
    business_name: typeof row.business_name === 'string' ? row.business_name : null,
    category: row.category,
    verified: row.verified === true,
    address: typeof row.address === 'string' ? row.address : null,
    mobile: typeof row.mobile === 'string' ? row.mobile : null,
    avg_rating: Number(rating?.avg_rating ?? 0) || 0,
    rating_count: Number(rating?.rating_count ?? 0) || 0,
  };
}

/** A profile's first reads and the provider its preview shows: one read of each per page. */
export async function readProfile(id: string, options: FirstReadsOptions): Promise<ProfileReads> {
  const reads = await readFirstReads(profileFirstReads(id), options);
  return { reads, provider: providerFromFirstReads(id, reads, options) };
}
