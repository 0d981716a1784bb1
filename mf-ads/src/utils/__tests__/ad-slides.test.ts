import { httpUrl, youtubeEmbedUrl, youtubeId } from '../ad-slides';

describe('youtubeId', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('reads %s', (input, id) => {
    expect(youtubeId(input)).toBe(id);
  });

  it.each(['https://example.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=short', 'not a url', 'javascript:alert(1)'])(
    'rejects %s',
    (input) => {
      expect(youtubeId(input)).toBeNull();
    },
  );
});

describe('youtubeEmbedUrl', () => {
  it('uses the privacy-enhanced host', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ', false)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?mute=1&playsinline=1&rel=0');
  });
});

describe('httpUrl', () => {
  it('keeps absolute http(s) URLs only', () => {
    expect(httpUrl('https://a.example/x')).toBe('https://a.example/x');
    expect(httpUrl(' http://a.example ')).toBe('http://a.example/');
    expect(httpUrl('/relative')).toBeNull();
    expect(httpUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(httpUrl(null)).toBeNull();
  });
});
