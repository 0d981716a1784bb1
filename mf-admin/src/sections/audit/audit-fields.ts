import type { TFunction } from 'i18next';
import { formatDate, formatNumber, type Language } from '@city/shared';
import { categoryName } from '../../utils/category-name';
import { VERIFY_METHODS, type VerifyMethod } from '../../api';

const isVerifyMethod = (m: unknown): m is VerifyMethod => (VERIFY_METHODS as readonly unknown[]).includes(m);

/**
 * The audit log keeps rows as the database has them (0008's audit and triggers): column names
 * and stored values. These turn them into words for the operator, reusing the console's own
 * labels where it has them; a field or value not known here is shown as stored.
 */

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
// A date without a time (on_leave_until) is a calendar day: shown as that day wherever the browser is.
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };

export type AdminT = TFunction<'admin'>;

/** Field -> i18n key of its label, whatever the table. */
const FIELD_LABELS = {
  name: 'editor.fields.name',
  business_name: 'editor.fields.business_name',
  mobile: 'editor.fields.mobile',
  category: 'editor.fields.category',
  specialist_in: 'editor.fields.specialist_in',
  experience: 'editor.fields.experience',
  address: 'editor.fields.address',
  verified: 'fields.verification',
  aadhaar_masked: 'fields.aadhaar',
  registration_date: 'fields.registered',
  reviewed_at: 'fields.reviewed',
  rejection_reason: 'fields.rejectionReason',
  avg_rating: 'fields.rating',
  rating: 'fields.rating',
  title: 'ads.fields.title',
  media_type: 'ads.fields.kind',
  start_date: 'ads.fields.start',
  end_date: 'ads.fields.end',
  sort_order: 'ads.fields.order',
  active: 'ads.fields.active',
  open_reports: 'reports.heading',
  provider_id: 'clicks.provider',
  status: 'audit.fields.status',
  hidden: 'audit.fields.hidden',
  rating_count: 'audit.fields.rating_count',
  rating_sum: 'audit.fields.rating_sum',
  on_leave_until: 'audit.fields.on_leave_until',
  opening_hours: 'audit.fields.opening_hours',
  media_url: 'audit.fields.media_url',
  redirect_link: 'audit.fields.redirect_link',
  created_at: 'audit.fields.created_at',
  updated_at: 'audit.fields.updated_at',
  review_text: 'audit.fields.review_text',
  details: 'audit.fields.details',
  resolution: 'audit.fields.resolution',
  resolved_at: 'audit.fields.decided_at',
  decided_at: 'audit.fields.decided_at',
  resolved_by: 'audit.fields.decided_by',
  decided_by: 'audit.fields.decided_by',
  number_caution: 'audit.fields.number_caution',
  reply_text: 'audit.fields.reply_text',
  reply_hidden: 'audit.fields.reply_hidden',
  verified_on: 'audit.fields.verified_on',
  verified_how: 'audit.fields.verified_how',
} as const;

/** The same column name meaning different things in different tables. */
const REASON_LABELS = {
  reports: 'audit.fields.report_reason',
  provider_change_requests: 'audit.fields.decision_reason',
} as const;

const TABLES = [
  'service_providers',
  'reviews',
  'advertisements',
  'reports',
  'provider_change_requests',
  'service_categories',
  'service_ratings',
] as const;

const has = (o: object, k: string) => Object.hasOwn(o, k);

/** The label of a logged field; the column name when the console has none. */
export function fieldLabel(t: AdminT, table: string | null, field: string): string {
  if (field === 'reason' && table && has(REASON_LABELS, table)) return t(REASON_LABELS[table as keyof typeof REASON_LABELS]);
  return has(FIELD_LABELS, field) ? t(FIELD_LABELS[field as keyof typeof FIELD_LABELS]) : field;
}

/** The name of a logged table; the table's name when the console has none. */
export function tableLabel(t: AdminT, table: string | null): string {
  return table && (TABLES as readonly string[]).includes(table) ? t(`audit.tables.${table as (typeof TABLES)[number]}`) : (table ?? '—');
}

const PROVIDER_STATUS = {
  pending: 'status.pending',
  approved: 'status.approved',
  rejected: 'status.rejected',
  suspended: 'status.suspended',
  hidden: 'status.hidden',
} as const;
const REQUEST_STATUS = { pending: 'status.pending', approved: 'status.approved', rejected: 'status.rejected' } as const;
const REPORT_STATUS = {
  open: 'audit.values.reportStatus.open',
  resolved: 'audit.values.reportStatus.resolved',
  dismissed: 'audit.values.reportStatus.dismissed',
} as const;
const REPORT_REASON = {
  wrong_number: 'reports.reasons.wrong_number',
  closed: 'reports.reasons.closed',
  wrong_service: 'reports.reasons.wrong_service',
  abusive: 'reports.reasons.abusive',
  other: 'reports.reasons.other',
} as const;
const RESOLUTION = {
  dismiss: 'audit.values.resolution.dismiss',
  restore: 'audit.values.resolution.restore',
  suspend: 'audit.values.resolution.suspend',
  hide_review: 'audit.values.resolution.hide_review',
  edited: 'audit.values.resolution.edited',
  owner_confirmed: 'audit.values.resolution.owner_confirmed',
} as const;
const MEDIA_TYPE = { image: 'ads.kinds.image', video: 'ads.kinds.video', youtube: 'ads.kinds.youtube' } as const;

type ValueOf<T> = T[keyof T];
type EnumKey =
  | ValueOf<typeof PROVIDER_STATUS>
  | ValueOf<typeof REPORT_STATUS>
  | ValueOf<typeof REPORT_REASON>
  | ValueOf<typeof RESOLUTION>
  | ValueOf<typeof MEDIA_TYPE>;
type ValueKeys = Readonly<Record<string, EnumKey>>;
/** field -> table ('*': any table) -> stored value -> i18n key. */
const ENUMS: Readonly<Record<string, Readonly<Record<string, ValueKeys>>>> = {
  // status: a provider's, a listing change request's or a report's
  status: { service_providers: PROVIDER_STATUS, provider_change_requests: REQUEST_STATUS, reports: REPORT_STATUS },
  reason: { reports: REPORT_REASON },
  resolution: { reports: RESOLUTION },
  media_type: { '*': MEDIA_TYPE },
};

/** The i18n key of an enumerated value of this field in this table, if it is one. */
function enumKey(table: string | null, field: string, value: string) {
  const byTable = has(ENUMS, field) ? ENUMS[field] : undefined;
  const keys = byTable && ((table && has(byTable, table) ? byTable[table] : undefined) ?? (has(byTable, '*') ? byTable['*'] : undefined));
  return keys && has(keys, value) ? keys[value] : null;
}

/** A logged value as the operator reads it: words for yes/no and status values, dates and numbers for the language. */
export function fieldValue(t: AdminT, lang: Language, table: string | null, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') {
    if (field === 'verified') return value ? t('fields.verified') : t('fields.notVerified');
    if (field === 'active') return value ? t('ads.on') : t('ads.off');
    if (field === 'hidden') return value ? t('reports.targetStatus.hidden') : t('reports.targetStatus.visible');
    if (field === 'number_caution') return value ? t('audit.values.caution.shown') : t('audit.values.caution.none');
    return value ? t('audit.values.yes') : t('audit.values.no');
  }
  if (typeof value === 'number') return formatNumber(value, lang);
  // How the operator checked a person (0016): ['documents', 'visited'] in words.
  if (field === 'verified_how' && Array.isArray(value)) {
    return value.map((m) => (isVerifyMethod(m) ? t(`providers.verify.methods.${m}`) : String(m))).join(', ');
  }
  if (typeof value !== 'string') return JSON.stringify(value);
  const known = enumKey(table, field, value);
  if (known) return t(known);
  // resolved by the owner's sign-in (0011: 'owner_confirmed: <how>')
  if (field === 'resolution' && value.startsWith('owner_confirmed:')) return t(RESOLUTION.owner_confirmed);
  // a report resolved by moving its provider out of 'hidden' (admin_set_provider_status)
  const moved = field === 'resolution' ? /^status: (\w+)$/.exec(value) : null;
  if (moved) {
    const status = enumKey('service_providers', 'status', moved[1]!);
    return t('audit.values.resolutionStatus', { status: status ? t(status) : moved[1] });
  }
  if (field === 'category') return categoryName(t, lang, value);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value))) return formatDate(value, lang, DATE_TIME);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))) return formatDate(value, lang, DAY);
  return value;
}

/**
 * Reasons the database writes itself (0008, 0011) are stored in English; these are said in the
 * page's language. A reason an operator typed is shown as typed. Older rows stay readable:
 * an unknown text is shown as stored.
 */
const STORED_REASONS: [RegExp, string, 'count' | 'id'][] = [
  [/^(\d+) open reports from different devices$/, 'audit.reasons.openReports', 'count'],
  [/^(\d+) wrong-number or closed reports resolved by the owner's sign-in$/, 'audit.reasons.ownerConfirmed', 'count'],
  [/^owner edit (\d+) reverted$/, 'audit.reasons.ownerEditReverted', 'id'],
];

export function reasonText(t: AdminT, lang: Language, reason: string): string {
  for (const [re, key, param] of STORED_REASONS) {
    const m = re.exec(reason.trim());
    if (!m) continue;
    const n = Number(m[1]);
    return param === 'count'
      ? t(key as 'audit.reasons.openReports', { count: n, formattedCount: formatNumber(n, lang) })
      : t(key as 'audit.reasons.ownerEditReverted', { id: formatNumber(n, lang) });
  }
  return reason;
}
