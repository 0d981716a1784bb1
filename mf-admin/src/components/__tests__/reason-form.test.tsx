import { screen } from '@testing-library/react';
import { renderWithProviders } from '@city/shared/testing';
import { ReasonForm } from '../reason-form';

const render = (language: 'en' | 'hi', providerSees?: boolean) =>
  renderWithProviders(<ReasonForm confirmLabel="OK" onConfirm={jest.fn()} onCancel={jest.fn()} providerSees={providerSees} />, {
    language,
  });

describe('ReasonForm: who reads the reason', () => {
  it.each([
    ['en', 'Reason (kept in the audit log)', 'Required. Say why, in a few words. Only operators see it.'],
    ['hi', 'कारण (ऑडिट लॉग में रखा जाता है)', 'ज़रूरी। कुछ शब्दों में कारण लिखें। इसे केवल संचालक देखते हैं।'],
  ] as const)('in %s, an audit-only reason says only operators see it', async (language, label, hint) => {
    await render(language);
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(hint);
  });

  it.each([
    ['en', 'Reason (kept in the audit log)', 'Required. Say why, in a few words. The provider can read it too.'],
    ['hi', 'कारण (ऑडिट लॉग में रखा जाता है)', 'ज़रूरी। कुछ शब्दों में कारण लिखें। सेवा प्रदाता भी इसे पढ़ सकते हैं।'],
  ] as const)('in %s, a reason kept where the provider reads it says so', async (language, label, hint) => {
    await render(language, true);
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(hint);
  });
});
