// Reports: a visitor tells the operator that a listing or a review is wrong (wrong number,
// closed, not this service, fake or abusive, other). One report per device per provider and
// per review (the device's secret token; the database keeps only its hash); when reports from
// 3 devices are open, the listing or review is hidden until the operator decides.
import { ApiError, dataClient, getDeviceToken, toApiError } from '@city/shared';
import { cleanText, textLength } from '@city/shared/validation';
import { keepIfOffline } from './outbox-keep';

const REPORT_REASONS = ['wrong_number', 'closed', 'wrong_service', 'abusive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** A review is fake or abusive, or something else; the listing's reasons say nothing about it (migration 0010). */
const REVIEW_REPORT_REASONS = ['abusive', 'other'] as const satisfies readonly ReportReason[];
/** The details' bound (the database checks it too). */
export const REPORT_DETAILS_MAX = 500;

export type ReportTarget = { kind: 'provider'; id: string } | { kind: 'review'; id: string };

/** The reasons offered for a listing or a review. */
export const reportReasonsFor = (kind: ReportTarget['kind']): readonly ReportReason[] =>
  kind === 'review' ? REVIEW_REPORT_REASONS : REPORT_REASONS;

const cleanReportDetails = (text: string) => cleanText(text, { multiline: true });

/** Why a report cannot be sent: no reason (or one not offered for it), 'other' without words, too long; null if fine. */
export function reportProblem(
  reason: ReportReason | null,
  details: string,
  kind: ReportTarget['kind'] = 'provider',
): 'noReason' | 'detailsRequired' | 'tooLong' | null {
  if (!reason || !reportReasonsFor(kind).includes(reason)) return 'noReason';
  const n = textLength(cleanReportDetails(details));
  if (reason === 'other' && n === 0) return 'detailsRequired';
  if (n > REPORT_DETAILS_MAX) return 'tooLong';
  return null;
}

/** This device already reported it (the database's unique index: 23505, HTTP 409). */
export const isAlreadyReported = (e: unknown) => e instanceof ApiError && (e.code === '23505' || e.status === 409);

/** Sends a report from this device (report_provider / report_review). Bad input: no request. */
export async function sendReport(
  target: ReportTarget,
  reason: ReportReason | null,
  details: string,
  deviceToken: string = getDeviceToken(),
): Promise<void> {
  const problem = reportProblem(reason, details, target.kind);
  if (problem) throw new ApiError(`report is invalid: ${problem}`, '22023', 400, 'details');
  const cleaned = cleanReportDetails(details);
  const supabase = await dataClient();
  const args = { p_reason: reason, p_details: cleaned === '' ? null : cleaned, p_device_token: deviceToken };
  const { error, status } =
    target.kind === 'provider'
      ? await supabase.rpc('report_provider', { p_provider_id: target.id, ...args })
      : await supabase.rpc('report_review', { p_review_id: target.id, ...args });
  if (error) throw toApiError(error, status);
}

/**
 * Sends a report now, or keeps it on this device when the server cannot be reached (api/outbox:
 * sent when back online, from any page). Checked first: bad input is never kept.
 */
export async function sendReportOrKeep(
  target: ReportTarget,
  reason: ReportReason | null,
  details: string,
  deviceToken: string = getDeviceToken(),
) {
  const problem = reportProblem(reason, details, target.kind);
  if (problem || !reason) throw new ApiError(`report is invalid: ${problem}`, '22023', 400, 'details');
  return keepIfOffline(() => sendReport(target, reason, details, deviceToken), {
    kind: 'report',
    target,
    reason,
    details: cleanReportDetails(details),
    deviceToken,
  });
}
