import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@city/shared/testing';
import type { AdminRegistration } from '../../api';
import { RegistrationCard } from '../registration-card';

const SITA: AdminRegistration = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Sita Devi',
  business_name: null,
  mobile: '9123456780',
  category: '🔧 प्लंबर',
  specialist_in: null,
  experience: 3,
  address: 'Ward 5',
  verified: false,
  status: 'pending',
  registration_date: '2026-11-20T09:30:00Z',
  reviewed_at: null,
  rejection_reason: null,
  avg_rating: 0,
  rating_count: 0,
  aadhaar_masked: null,
};

describe('RegistrationCard: the rejection reason box', () => {
  it.each([
    ['en', 'Reject', 'Reason for rejection (optional)', 'Up to 500 characters. The provider sees this reason on their listing page.'],
    ['hi', 'अस्वीकार करें', 'अस्वीकार करने का कारण (वैकल्पिक)', 'अधिकतम 500 अक्षर। सेवा प्रदाता यह कारण अपनी लिस्टिंग के पेज पर देखते हैं।'],
  ] as const)('in %s tells the operator that the provider will read the reason', async (language, reject, label, hint) => {
    const user = userEvent.setup();
    await renderWithProviders(<RegistrationCard registration={SITA} onDecide={jest.fn()} />, { language });
    await user.click(screen.getByRole('button', { name: reject }));
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(hint);
  });
});
