import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@city/shared';
import { renderWithProviders, localeProblems, NO_LOCALE_PROBLEMS } from '../../testing';
import { BadgeButton, type BadgeFacts } from '..';
import en from '../locales/en.json';
import hi from '../locales/hi.json';

jest.mock('@city/shared', () => ({ ...jest.requireActual('@city/shared'), sendRestRows: jest.fn() }));
const sendRestRows = shared.sendRestRows as jest.MockedFunction<typeof shared.sendRestRows>;

const checked: BadgeFacts = {
  id: '00000000-0000-4000-8000-000000000001',
  verified: true,
  verified_on: '2026-11-12',
  verified_how: ['documents', 'visited'],
};

afterEach(() => sendRestRows.mockReset());

describe('BadgeButton (issue 28: tapping a badge explains it)', () => {
  it('is a real button; a tap says what the operator checked and when (Hindi), Escape closes it and the focus stays on it', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<BadgeButton provider={checked}>सत्यापित</BadgeButton>, { language: 'hi' });
    const button = screen.getByRole('button', { name: 'सत्यापित' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('शहर सेवा ने 12 नवंबर 2026 को दस्तावेज़ देखे और जाकर मुलाक़ात की।');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', screen.getByRole('status').id);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('status')).toBeNull();
    expect(button).toHaveFocus();
    expect(sendRestRows).not.toHaveBeenCalled();
  });

  it('opens with the keyboard and says it in English; the close button closes it', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<BadgeButton provider={{ ...checked, verified_how: ['called'] }}>Verified</BadgeButton>, {
      language: 'en',
    });
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('City Services called them on 12 November 2026.');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('on a card (search results carry only verified) reads the day and the method of the public row', async () => {
    sendRestRows.mockResolvedValue([{ verified_on: '2026-11-12', verified_how: ['documents'] }]);
    const user = userEvent.setup();
    await renderWithProviders(<BadgeButton provider={{ id: checked.id, verified: true }}>Verified</BadgeButton>, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Verified' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('City Services saw their documents on 12 November 2026.'));
    expect(sendRestRows).toHaveBeenCalledWith({
      table: 'service_providers',
      query: { select: 'verified_on,verified_how', id: `eq.${checked.id}` },
    });
  });

  it('"not verified" says that nobody has checked yet (no request)', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<BadgeButton provider={{ id: checked.id, verified: false }}>असत्यापित</BadgeButton>, {
      language: 'hi',
    });
    await user.click(screen.getByRole('button', { name: 'असत्यापित' }));
    expect(await screen.findByRole('status')).toHaveTextContent('शहर सेवा ने अभी इनकी जाँच नहीं की है।');
    expect(sendRestRows).not.toHaveBeenCalled();
  });

  it('has every string in both languages, none empty, with the same {{variables}}', () => {
    expect(localeProblems(en, hi)).toEqual(NO_LOCALE_PROBLEMS);
  });
});
