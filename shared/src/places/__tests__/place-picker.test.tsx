import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@city/shared';
import type { VisitorPlace } from '@city/shared';
import { renderWithProviders, localeProblems, NO_LOCALE_PROBLEMS } from '../../testing';
import { PlacePicker, foundPlaceLabel, type FoundPlace } from '..';
import en from '../locales/en.json';
import hi from '../locales/hi.json';

jest.mock('@city/shared', () => ({ ...jest.requireActual('@city/shared'), sendRest: jest.fn() }));
const sendRest = shared.sendRest as jest.MockedFunction<typeof shared.sendRest>;

const LALBAGH: FoundPlace = {
  kind: 'ward',
  code: '9270101',
  name_en: 'Lalbagh',
  name_hi: 'लालबाग',
  lat: 27.57373,
  lon: 80.68728,
  parent_name_en: 'Sitapur',
  parent_name_hi: 'सीतापुर',
};
const LALPUR: FoundPlace = {
  ...LALBAGH,
  kind: 'village',
  code: '927123',
  name_en: 'Lalpur',
  name_hi: null,
  parent_name_en: 'Biswan',
  parent_name_hi: 'बिसवां',
};

function Harness({ onChange, kinds }: { onChange: (p: VisitorPlace) => void; kinds?: VisitorPlace['kind'][] }) {
  const [value, setValue] = useState<VisitorPlace | null>(null);
  return (
    <PlacePicker
      label="Your place"
      value={value}
      kinds={kinds}
      debounceMs={0}
      onChange={(p) => {
        setValue(p);
        onChange(p);
      }}
    />
  );
}

afterEach(() => sendRest.mockReset());

describe('PlacePicker (issue 27: choosing a place by typing)', () => {
  it('is a labelled combobox; typing lists "Name, Parent" in Hindi, announced; arrows and Enter choose', async () => {
    sendRest.mockResolvedValue([LALBAGH, LALPUR]);
    const onChange = jest.fn();
    const user = userEvent.setup();
    await renderWithProviders(<Harness onChange={onChange} />, { language: 'hi' });
    const input = screen.getByRole('combobox', { name: 'Your place' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await user.type(input, 'लाल');
    const list = await screen.findByRole('listbox');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['लालबाग, सीतापुर', 'Lalpur, बिसवां']);
    expect(screen.getByRole('status')).toHaveTextContent('2 जगहें मिलीं।');
    expect(sendRest).toHaveBeenLastCalledWith({ rpc: 'search_places', args: { p_query: 'लाल', p_limit: 10 } }, expect.anything());

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(input).toHaveAttribute('aria-activedescendant', second.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}'); // wraps to the first
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith({
      kind: 'ward',
      code: '9270101',
      nameEn: 'Lalbagh',
      nameHi: 'लालबाग',
      lat: 27.57373,
      lon: 80.68728,
    });
    expect(input).toHaveValue('लालबाग');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('चुनी गई जगह: लालबाग');
  });

  it('in English shows the English names (the other language where one is missing); a click chooses; kinds are passed', async () => {
    sendRest.mockResolvedValue([{ ...LALBAGH, parent_name_en: null, parent_name_hi: 'सीतापुर' }]);
    const onChange = jest.fn();
    const user = userEvent.setup();
    await renderWithProviders(<Harness onChange={onChange} kinds={['village', 'ward']} />, { language: 'en' });
    await user.type(screen.getByRole('combobox', { name: 'Your place' }), 'lalbag');
    const option = await screen.findByRole('option', { name: 'Lalbagh, सीतापुर' });
    expect(screen.getByRole('status')).toHaveTextContent('1 place found.');
    expect(sendRest).toHaveBeenLastCalledWith(
      { rpc: 'search_places', args: { p_query: 'lalbag', p_limit: 10, p_kinds: ['village', 'ward'] } },
      expect.anything(),
    );
    await user.click(option);
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ code: '9270101', nameEn: 'Lalbagh' }));
    expect(screen.getByRole('combobox')).toHaveValue('Lalbagh');
  });

  it('Escape closes the list and does not reach the dialog around it; a second Escape does', async () => {
    sendRest.mockResolvedValue([LALBAGH]);
    // The native <dialog> closes on an Escape that reaches the document, not prevented.
    const outer = jest.fn();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !e.defaultPrevented && outer();
    document.addEventListener('keydown', onKey);
    const user = userEvent.setup();
    await renderWithProviders(<Harness onChange={jest.fn()} />, { language: 'en' });
    await user.type(screen.getByRole('combobox'), 'lal');
    await screen.findByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
    expect(outer).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(outer).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', onKey);
  });

  it('says when nothing is found, when offline and when the search fails, in either language', async () => {
    const user = userEvent.setup();
    sendRest.mockResolvedValue([]);
    await renderWithProviders(<Harness onChange={jest.fn()} />, { language: 'en' });
    await user.type(screen.getByRole('combobox'), 'zzz');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(en.none));
    expect(screen.queryByRole('listbox')).toBeNull();

    sendRest.mockRejectedValue(new shared.ApiError('Failed to fetch', 'network', 0));
    await user.type(screen.getByRole('combobox'), 'q');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(en.offline));

    sendRest.mockRejectedValue(new shared.ApiError('boom', '57014', 500));
    await user.type(screen.getByRole('combobox'), 'r');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(en.failed));
  });

  it('in Hindi the failure is in Hindi', async () => {
    sendRest.mockRejectedValue(new shared.ApiError('Failed to fetch', 'network', 0));
    const user = userEvent.setup();
    await renderWithProviders(<Harness onChange={jest.fn()} />, { language: 'hi' });
    await user.type(screen.getByRole('combobox'), 'ram');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(hi.offline));
  });

  it('takes an id, and an error beside it: aria-invalid, and the error read with the hint (aria-describedby)', async () => {
    await renderWithProviders(
      <>
        <PlacePicker label="Your place" value={null} onChange={jest.fn()} id="reg-place" invalid describedBy="reg-place-error" />
        <p id="reg-place-error">Choose your village or ward from the list.</p>
      </>,
    );
    const input = screen.getByRole('combobox', { name: 'Your place' });
    expect(input).toHaveAttribute('id', 'reg-place');
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Choose your village or ward from the list.'));
    expect(input.getAttribute('aria-describedby')!.split(' ')).toEqual([expect.stringMatching(/-hint$/), 'reg-place-error']);
  });

  it('without those props: its own id, not invalid, described by its hint alone', async () => {
    await renderWithProviders(<PlacePicker label="Your place" value={null} onChange={jest.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Your place' });
    expect(input.id).toMatch(/-input$/);
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input.getAttribute('aria-describedby')).toMatch(/^\S+-hint$/);
  });

  it('labels a place with its parent, Hindi first in Hindi', () => {
    expect(foundPlaceLabel(LALBAGH, 'hi')).toBe('लालबाग, सीतापुर');
    expect(foundPlaceLabel(LALBAGH, 'en')).toBe('Lalbagh, Sitapur');
    expect(foundPlaceLabel({ ...LALBAGH, parent_name_en: null, parent_name_hi: null }, 'en')).toBe('Lalbagh');
  });

  it('has every string in both languages, none empty, with the same {{variables}}', () => {
    expect(localeProblems(en, hi)).toEqual(NO_LOCALE_PROBLEMS);
  });
});
