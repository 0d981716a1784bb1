import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '@city/shared/testing';
import { i18n, offlineStore } from '@city/shared';
import { OfflineNote } from '../offline-note';

describe('OfflineNote', () => {
  afterEach(() => act(() => offlineStore.setState({ savedAt: null })));

  it('says nothing while the data is live', async () => {
    const { container } = await renderWithProviders(<OfflineNote />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says when the data shown was saved, formatted for the language', async () => {
    await renderWithProviders(<OfflineNote />, { language: 'en' });
    act(() => offlineStore.setState({ savedAt: '2026-11-20T10:30:00.000Z' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^You are offline\. Showing what was saved on 20 Nov 2026, \d+:30 [ap]m\.$/);
    await act(() => i18n.changeLanguage('hi'));
    expect(screen.getByRole('status')).toHaveTextContent(/^आप ऑफ़लाइन हैं। 20 नव॰ 2026/);
    act(() => offlineStore.setState({ savedAt: null }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
