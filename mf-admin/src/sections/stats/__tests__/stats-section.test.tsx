import { screen, within } from '@testing-library/react';
import { setSupabaseClient } from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { fakeConsole, signedInOperator } from '../../../testing/fake-console';
import { labelledDays, StatsSection } from '../stats-section';

const STATS = {
  approved: 1234,
  pending: 5,
  rejected: 2,
  suspended: 3,
  hidden: 1,
  reports_open: 4,
  daily: [
    { day: '2026-11-22', calls: 10, chats: 4, views: 120 },
    { day: '2026-11-23', calls: 0, chats: 0, views: 0 },
  ],
};

beforeEach(signedInOperator);
afterEach(() => setSupabaseClient(null));

describe('StatsSection', () => {
  it('shows the counts and the calls, chat taps and views per day as a chart over a table', async () => {
    const fake = fakeConsole({ admin_stats: STATS, admin_click_totals: [] });
    const { container } = await renderWithProviders(<StatsSection />, { language: 'en' });
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(fake.rpc).toHaveBeenCalledWith('admin_stats', { p_days: 30 });
    const counts = Object.fromEntries(
      [...container.querySelectorAll('.admin-stats__count')].map((d) => [
        d.querySelector('dt')!.textContent,
        d.querySelector('dd')!.textContent,
      ]),
    );
    expect(counts).toEqual({ Listed: '1,234', 'Waiting for approval': '5', Suspended: '3', Hidden: '1', 'Open reports': '4' });
    const table = screen.getByRole('table', { name: 'Calls, chat taps and profile views per day (last 2 days)' });
    const row = within(table).getByRole('row', { name: /22 Nov/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10', '4', '120']);
    // The bars: one per series per day, the tallest the largest value; hidden from screen readers (the table says it).
    const svg = container.querySelector('svg.admin-chart__svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg.querySelectorAll('rect')).toHaveLength(6);
    expect(Number(svg.querySelector('rect.admin-chart__bar--views')!.getAttribute('height'))).toBeGreaterThan(
      Number(svg.querySelector('rect.admin-chart__bar--calls')!.getAttribute('height')),
    );
  });

  it('in Hindi, with Hindi dates', async () => {
    fakeConsole({ admin_stats: STATS, admin_click_totals: [] });
    await renderWithProviders(<StatsSection />, { language: 'hi' });
    expect(await screen.findByRole('heading', { level: 2, name: 'आँकड़े' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /प्रतिदिन कॉल, चैट टैप और प्रोफ़ाइल व्यू/ });
    expect(within(table).getByRole('row', { name: /22 नव/ })).toBeInTheDocument();
  });

  it('a failure says so', async () => {
    fakeConsole({ admin_stats: Object.assign(new Error('boom'), { code: 'XX000' }), admin_click_totals: [] });
    await renderWithProviders(<StatsSection />, { language: 'en' });
    expect(await screen.findByText('The statistics could not be loaded.')).toBeInTheDocument();
  });

  it('labels at most 5 days: the first, the last and evenly spaced ones between', () => {
    expect(labelledDays(0)).toEqual([]);
    expect(labelledDays(2)).toEqual([0, 1]);
    expect(labelledDays(30)).toEqual([0, 7, 15, 22, 29]);
  });

  it.each([
    ['en', ['1 Nov', '8 Nov', '16 Nov', '23 Nov', '30 Nov']],
    ['hi', ['1 नव॰', '8 नव॰', '16 नव॰', '23 नव॰', '30 नव॰']],
  ] as const)("in %s the chart names its days in the page's language, as text under the bars", async (language, labels) => {
    const daily = Array.from({ length: 30 }, (_, i) => ({
      day: `2026-11-${String(i + 1).padStart(2, '0')}`,
      calls: i,
      chats: 1,
      views: 2,
    }));
    fakeConsole({ admin_stats: { ...STATS, daily }, admin_click_totals: [] });
    const { container } = await renderWithProviders(<StatsSection />, { language });
    await screen.findAllByRole('table');
    const list = container.querySelector('.admin-chart__days')!;
    expect(list).toHaveAttribute('aria-hidden', 'true');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(labels);
  });
});
