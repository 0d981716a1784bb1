import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSupabaseClient } from '@city/shared';
import { installFakeSupabase, renderWithProviders } from '@city/shared/testing';
import { pendingWrites } from '../../api';
import { ReportButton } from '../report-button';
import { PROVIDER_ID } from '../../__tests__/fixtures';

afterEach(() => setSupabaseClient(null));
beforeEach(() => localStorage.clear());

async function openDialog(language: 'en' | 'hi' = 'en', kind: 'provider' | 'review' = 'provider') {
  const user = userEvent.setup();
  await renderWithProviders(<ReportButton target={{ kind, id: kind === 'provider' ? PROVIDER_ID : 'r-1' }} />, { language });
  const open = screen.getByRole('button', {
    name:
      kind === 'provider'
        ? language === 'en'
          ? 'Report a problem'
          : 'समस्या बताएं'
        : language === 'en'
          ? 'Report review'
          : 'समीक्षा की शिकायत करें',
  });
  await user.click(open);
  const dialog = await screen.findByRole('dialog');
  return { user, dialog, open };
}

describe('Report a problem', () => {
  it('loads the dialog only when asked for, then sends the chosen reason with this device token and thanks', async () => {
    const fake = installFakeSupabase({ data: null });
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleName('Report a problem with this listing');
    await user.click(within(dialog).getByRole('radio', { name: 'Wrong phone number' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Thank you. The operator will check it');
    // The form is gone: the message has the focus, not the page body.
    expect(within(dialog).getByRole('status')).toHaveFocus();
    expect(fake.rpc).toHaveBeenCalledWith('report_provider', {
      p_provider_id: PROVIDER_ID,
      p_reason: 'wrong_number',
      p_details: null,
      p_device_token: localStorage.getItem('city.deviceToken'),
    });
    expect(localStorage.getItem('city.deviceToken')).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
  });

  it('refuses no reason, and "Other" without words, with a message and no request', async () => {
    const fake = installFakeSupabase({ data: null });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose what is wrong.');
    expect(within(dialog).getByRole('radio', { name: 'Wrong phone number' })).toHaveFocus();
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.type(within(dialog).getByLabelText('Please describe the problem (required)'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please describe the problem in a few words.');
    expect(within(dialog).getByLabelText('Please describe the problem (required)')).toHaveAccessibleDescription(
      'Please describe the problem in a few words.',
    );
    expect(fake.rpc).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Please describe the problem (required)'), 'Shop is now a bakery');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByRole('status');
    expect(fake.rpc).toHaveBeenCalledWith(
      'report_provider',
      expect.objectContaining({ p_reason: 'other', p_details: 'Shop is now a bakery' }),
    );
  });

  it('a repeat from this device (409) says it was already reported', async () => {
    installFakeSupabase({ error: { message: 'duplicate key', code: '23505' }, status: 409 });
    const first = await openDialog();
    await first.user.click(within(first.dialog).getByRole('radio', { name: 'Closed or moved' }));
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(first.dialog).findByRole('status')).toHaveTextContent('You have already reported this from this device.');
  });

  it('429 says to wait and keeps the form to try again', async () => {
    installFakeSupabase({ error: { message: 'too many requests', code: '' }, status: 429 });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Closed or moved' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many reports. Please wait a while and try again.');
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeInTheDocument();
  });

  it('offline, the report is kept on this phone to be sent later, and the dialog says so (Hindi)', async () => {
    installFakeSupabase({ error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 });
    const { user, dialog } = await openDialog('hi');
    await user.click(within(dialog).getByRole('radio', { name: 'गलत फ़ोन नंबर' }));
    await user.type(within(dialog).getByRole('textbox'), '  नंबर बंद है  ');
    await user.click(within(dialog).getByRole('button', { name: 'शिकायत भेजें' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'आप ऑफ़लाइन हैं। रिपोर्ट इस फ़ोन पर सहेज ली गई है और ऑनलाइन होते ही भेज दी जाएगी।',
    );
    expect(pendingWrites()).toEqual([
      expect.objectContaining({
        kind: 'report',
        target: { kind: 'provider', id: PROVIDER_ID },
        reason: 'wrong_number',
        details: 'नंबर बंद है',
        deviceToken: localStorage.getItem('city.deviceToken'),
      }),
    ]);
  });

  it('reports a review through report_review, in Hindi', async () => {
    const fake = installFakeSupabase({ data: null });
    const { user, dialog } = await openDialog('hi', 'review');
    expect(dialog).toHaveAccessibleName('इस समीक्षा की शिकायत करें');
    await user.click(within(dialog).getByRole('radio', { name: 'नकली या अपमानजनक' }));
    await user.click(within(dialog).getByRole('button', { name: 'शिकायत भेजें' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('धन्यवाद।');
    expect(fake.rpc).toHaveBeenCalledWith('report_review', expect.objectContaining({ p_review_id: 'r-1', p_reason: 'abusive' }));
  });

  it("a review offers only a review's reasons (fake or abusive, something else)", async () => {
    const { dialog } = await openDialog('en', 'review');
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['abusive', 'other']);
    expect(within(dialog).getByRole('radio', { name: 'Fake or abusive' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: 'Wrong phone number' })).toBeNull();
  });

  it('a form cancelled and opened again shows no message from the last try', async () => {
    installFakeSupabase({ data: null });
    const { user, dialog, open } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose what is wrong.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(open);
    expect(within(await screen.findByRole('dialog')).queryByRole('alert')).toBeNull();
  });
});
