import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@city/shared/testing';
import type { OpeningHours } from '@city/shared';
import { AvailabilityHours } from '../availability-hours';
import { provider } from '../../__tests__/fixtures';

const NINE_TO_SIX = { open: '09:00', close: '18:00' };
const hours: OpeningHours = {
  mon: NINE_TO_SIX,
  tue: NINE_TO_SIX,
  wed: NINE_TO_SIX,
  thu: NINE_TO_SIX,
  fri: NINE_TO_SIX,
  sat: NINE_TO_SIX,
  sun: null,
};
// Monday 2 March 2026, 10:00 in Kolkata.
const MONDAY_10 = new Date('2026-03-02T04:30:00Z');

describe('AvailabilityHours', () => {
  it('says available today and open now, and lists the week with today marked', async () => {
    await renderWithProviders(<AvailabilityHours provider={provider({ opening_hours: hours, on_leave_until: null })} now={MONDAY_10} />, {
      language: 'en',
    });
    const section = screen.getByRole('region', { name: 'Availability and opening hours' });
    expect(within(section).getByText('Available today')).toBeInTheDocument();
    expect(within(section).getByText('Open now')).toBeInTheDocument();
    expect(within(section).getByText('Monday (today)')).toBeInTheDocument();
    expect(within(section).getByText('Sunday').nextElementSibling).toHaveTextContent('Closed');
    expect(within(section).getByText('Tuesday').nextElementSibling).toHaveTextContent(/^9 am – 6 pm$/);
  });

  it('says closed now after closing time, in Hindi', async () => {
    const evening = new Date('2026-03-02T13:00:00Z'); // 18:30 in Kolkata
    await renderWithProviders(<AvailabilityHours provider={provider({ opening_hours: hours })} now={evening} />, { language: 'hi' });
    expect(screen.getByText('अभी बंद है')).toBeInTheDocument();
    expect(screen.getByText('आज उपलब्ध')).toBeInTheDocument();
    expect(screen.getByText('सोमवार (आज)')).toBeInTheDocument();
    expect(screen.getByText('मंगलवार').nextElementSibling).toHaveTextContent(/^सुबह 9 – शाम 6$/);
  });

  it.each([
    ['hi', { open: '08:00', close: '13:00' }, 'सुबह 8 – दोपहर 1'],
    ['en', { open: '08:00', close: '13:00' }, '8 am – 1 pm'],
    ['hi', { open: '10:30', close: '20:15' }, 'सुबह 10:30 – रात 8:15'],
    ['en', { open: '10:30', close: '20:15' }, '10:30 am – 8:15 pm'],
  ] as const)('(%s) writes %j as %s, 12-hour in the page language', async (language, day, text) => {
    const week: OpeningHours = { ...hours, tue: day };
    await renderWithProviders(<AvailabilityHours provider={provider({ opening_hours: week })} now={MONDAY_10} />, { language });
    const tuesday = screen.getByText(language === 'hi' ? 'मंगलवार' : 'Tuesday');
    expect(tuesday.nextElementSibling!.textContent).toBe(text);
  });

  it('says on leave until the date (as the calendar date, in any time zone), never open now', async () => {
    await renderWithProviders(
      <AvailabilityHours provider={provider({ opening_hours: hours, on_leave_until: '2026-03-05' })} now={MONDAY_10} />,
      {
        language: 'en',
      },
    );
    expect(screen.getByText('On leave until 5 March 2026')).toBeInTheDocument();
    expect(screen.queryByText('Open now')).toBeNull();
    expect(screen.getByText('Closed now')).toBeInTheDocument();
    expect(screen.queryByText('Available today')).toBeNull();
  });

  it('treats a leave that ended as available, and shows no hours when none are given', async () => {
    await renderWithProviders(
      <AvailabilityHours provider={provider({ on_leave_until: '2026-03-01', opening_hours: null })} now={MONDAY_10} />,
      {
        language: 'en',
      },
    );
    expect(screen.getByText('Available today')).toBeInTheDocument();
    expect(screen.queryByText(/now$/)).toBeNull();
    expect(screen.queryByText('Monday (today)')).toBeNull();
  });
});
