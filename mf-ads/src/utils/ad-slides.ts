import type { Advertisement } from '../api';

/** One ad ready to show: media checked and normalised, link only if it is safe to open. */
export type AdSlide =
  | { id: string; title: string | null; kind: 'image' | 'video'; src: string; link: string | null; alt: string | null }
  | { id: string; title: string | null; kind: 'youtube'; videoId: string; link: string | null };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** An absolute http(s) URL, or null (no javascript:, data: or relative URLs from the table). */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The video id of a YouTube URL (watch, youtu.be, embed, shorts, live) or of a bare id. */
export function youtubeId(value: string): string | null {
  const s = value.trim();
  if (YOUTUBE_ID.test(s)) return s;
  const url = httpUrl(s);
  if (!url) return null;
  const { hostname, pathname, searchParams } = new URL(url);
  const host = hostname.replace(/^(www|m|music)\./, '');
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = pathname === '/watch' ? searchParams.get('v') : /^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(pathname)?.[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** Privacy-enhanced embed: muted and inline always, autoplay only when motion is welcome. */
export function youtubeEmbedUrl(videoId: string, autoplay: boolean): string {
  const params = new URLSearchParams({ mute: '1', playsinline: '1', rel: '0' });
  if (autoplay) params.set('autoplay', '1');
  return `https://www.youtube-nocookie.com/embed/${videoId}?${params.toString()}`;
}

/** Rows the popup can show, in order; rows with unusable media are skipped. */
export function toSlides(ads: readonly Advertisement[]): AdSlide[] {
  const slides: AdSlide[] = [];
  for (const ad of ads) {
    const base = { id: ad.id, title: ad.title?.trim() || null, link: httpUrl(ad.redirect_link) };
    if (ad.media_type === 'youtube') {
      const videoId = youtubeId(ad.media_url);
      if (videoId) slides.push({ ...base, kind: 'youtube', videoId });
    } else if (ad.media_type === 'image' || ad.media_type === 'video') {
      const src = httpUrl(ad.media_url);
      if (src) slides.push({ ...base, kind: ad.media_type, src, alt: ad.media_alt?.trim() || null });
    }
  }
  return slides;
}
