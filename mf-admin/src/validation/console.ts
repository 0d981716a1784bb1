import { isVerhoeffValid } from '@city/shared/validation';

/** The console's own input rules (the database enforces the same; these give the message first). */

export const REASON_MAX = 500;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const VIDEO_TYPES = ['video/mp4'] as const;
const IMAGE_MAX_BYTES = 1024 * 1024;
const VIDEO_MAX_BYTES = 10 * 1024 * 1024;

export const reasonProblem = (reason: string): 'reasonRequired' | 'reasonTooLong' | null =>
  reason.trim() === '' ? 'reasonRequired' : reason.trim().length > REASON_MAX ? 'reasonTooLong' : null;

/** Why an ad's file cannot be uploaded, or null. */
export function mediaFileProblem(file: File, kind: 'image' | 'video'): 'imageType' | 'imageSize' | 'videoType' | 'videoSize' | null {
  if (kind === 'image') {
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageType';
    if (file.size > IMAGE_MAX_BYTES) return 'imageSize';
    return null;
  }
  if (!(VIDEO_TYPES as readonly string[]).includes(file.type)) return 'videoType';
  if (file.size > VIDEO_MAX_BYTES) return 'videoSize';
  return null;
}

/** The 11-character id of a YouTube link (watch, youtu.be, shorts, embed) or of a bare id; null otherwise. */
export function youtubeId(value: string): string | null {
  const v = value.trim();
  if (/^[A-Za-z0-9_-]{11}$/.test(v)) return v;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id =
    host === 'youtu.be'
      ? url.pathname.slice(1)
      : host === 'youtube.com' || host === 'youtube-nocookie.com'
        ? (url.searchParams.get('v') ?? url.pathname.match(/^\/(?:shorts|embed|live)\/([^/]+)/)?.[1] ?? '')
        : '';
  return /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}

/** An http(s) link, or null. */
export function httpLink(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** End before start (both given): the ad would never run. */
export const endsBeforeStart = (start: string, end: string) =>
  start !== '' && end !== '' && new Date(end).getTime() < new Date(start).getTime();

/** 12 digits (spaces allowed), not starting with 0 or 1, Verhoeff check digit right. */
export function aadhaarProblem(input: string): 'aadhaarInvalid' | null {
  const d = input.replace(/\s/g, '');
  return /^[2-9]\d{11}$/.test(d) && isVerhoeffValid(d) ? null : 'aadhaarInvalid';
}
