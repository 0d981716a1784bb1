import { aadhaarProblem, endsBeforeStart, mediaFileProblem, reasonProblem, youtubeId } from '../console';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });

describe('console validation', () => {
  it('a reason is required, blank is not a reason', () => {
    expect(reasonProblem('   ')).toBe('reasonRequired');
    expect(reasonProblem('wrong number confirmed by phone')).toBeNull();
    expect(reasonProblem('x'.repeat(501))).toBe('reasonTooLong');
  });

  it('images: JPEG/PNG/WebP up to 1 MB; videos: MP4 up to 10 MB', () => {
    expect(mediaFileProblem(file('image/png', 1024 * 1024), 'image')).toBeNull();
    expect(mediaFileProblem(file('image/png', 1024 * 1024 + 1), 'image')).toBe('imageSize');
    expect(mediaFileProblem(file('image/gif', 10), 'image')).toBe('imageType');
    expect(mediaFileProblem(file('video/mp4', 10 * 1024 * 1024), 'video')).toBeNull();
    expect(mediaFileProblem(file('video/mp4', 10 * 1024 * 1024 + 1), 'video')).toBe('videoSize');
    expect(mediaFileProblem(file('video/webm', 10), 'video')).toBe('videoType');
  });

  it('YouTube links in their usual forms', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeId('not a link')).toBeNull();
  });

  it('an end before the start is refused; open ends are fine', () => {
    expect(endsBeforeStart('2026-12-10T10:00', '2026-12-01T10:00')).toBe(true);
    expect(endsBeforeStart('2026-12-01T10:00', '2026-12-10T10:00')).toBe(false);
    expect(endsBeforeStart('', '2026-12-01T10:00')).toBe(false);
  });

  it('Aadhaar: 12 digits with a right check digit', () => {
    expect(aadhaarProblem('2345 6789 0124')).toBeNull();
    expect(aadhaarProblem('2345 6789 0123')).toBe('aadhaarInvalid');
    expect(aadhaarProblem('1234')).toBe('aadhaarInvalid');
  });
});
