import { prerenderApplies } from '../prerender-scope';

describe('prerenderApplies: may the prerendered home (Hindi, category grid) be shown?', () => {
  it('is true for / in Hindi, chosen or by default, and with campaign parameters', () => {
    expect(prerenderApplies('/', '', null)).toBe(true);
    expect(prerenderApplies('/', '', 'hi')).toBe(true);
    expect(prerenderApplies('/', '?utm_source=whatsapp&utm_medium=share&fbclid=x&gclid=y', null)).toBe(true);
  });

  it('is false when the app would render something else', () => {
    expect(prerenderApplies('/', '', 'en')).toBe(false);
    expect(prerenderApplies('/', '?category=plumber', null)).toBe(false);
    expect(prerenderApplies('/', '?q=plumber', null)).toBe(false);
    expect(prerenderApplies('/', '?register=1', null)).toBe(false);
    expect(prerenderApplies('/', '?services=all&utm_source=x', null)).toBe(false);
    expect(prerenderApplies('/contact', '', null)).toBe(false);
    expect(prerenderApplies('/provider/1', '', 'hi')).toBe(false);
  });

  it('runs on its own, as the inline script in <head> runs it (no outer names)', () => {
    const standalone = new Function(`return (${prerenderApplies.toString()})`)() as typeof prerenderApplies;
    expect(standalone('/', '?utm_campaign=x', null)).toBe(true);
    expect(standalone('/', '?category=x', null)).toBe(false);
  });
});
