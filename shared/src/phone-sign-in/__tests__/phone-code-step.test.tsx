import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing';
import { normalizeCode, phoneSignInFailure, PhoneCodeStep, type PhoneSignInResult } from '..';

const ok: PhoneSignInResult = { ok: true };

function setup(options: { language?: 'hi' | 'en'; onSignedIn?: () => void; onCancel?: () => void } = {}) {
  const sendCode = jest.fn<Promise<PhoneSignInResult>, [string]>().mockResolvedValue(ok);
  const verifyCode = jest.fn<Promise<PhoneSignInResult>, [string, string]>().mockResolvedValue(ok);
  const onSignedIn = options.onSignedIn ?? jest.fn();
  return {
    sendCode,
    verifyCode,
    onSignedIn,
    render: () =>
      renderWithProviders(
        <PhoneCodeStep
          sendCode={sendCode}
          verifyCode={verifyCode}
          onSignedIn={onSignedIn}
          {...(options.onCancel ? { onCancel: options.onCancel } : {})}
        />,
        { language: options.language ?? 'en' },
      ),
  };
}

afterEach(() => jest.useRealTimers());

describe('PhoneCodeStep', () => {
  it('asks for a code for the number as typed, then signs in with the code and says so to its caller', async () => {
    const user = userEvent.setup();
    const s = setup();
    await s.render();
    expect(screen.getByRole('heading', { name: 'Confirm your mobile number' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile number'), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(s.sendCode).toHaveBeenCalledWith('9876543210');
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a 6-digit code by SMS to +91 98765 43210');
    const code = screen.getByLabelText('6-digit code');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '१२३ 456{Enter}');
    expect(s.verifyCode).toHaveBeenCalledWith('9876543210', '123456');
    await waitFor(() => expect(s.onSignedIn).toHaveBeenCalledTimes(1));
  });

  it('refuses a number that is not a mobile, and a code that is not 6 digits, without asking the server', async () => {
    const user = userEvent.setup();
    const s = setup();
    await s.render();
    await user.type(screen.getByLabelText('Mobile number'), '12345{Enter}');
    expect(s.sendCode).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid 10-digit mobile number.');
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '9876543210{Enter}');
    await user.type(await screen.findByLabelText('6-digit code'), '123{Enter}');
    expect(s.verifyCode).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the 6-digit code from the SMS.');
  });

  it('says a wrong code in words (Hindi), keeps the step open and does not sign in', async () => {
    const user = userEvent.setup();
    const s = setup({ language: 'hi' });
    s.verifyCode.mockResolvedValue({ ok: false, reason: 'wrong-code' });
    await s.render();
    await user.type(screen.getByLabelText('मोबाइल नंबर'), '098765-43210');
    await user.click(screen.getByRole('button', { name: 'कोड भेजें' }));
    await user.type(await screen.findByLabelText('6 अंकों का कोड'), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('यह कोड गलत है या इसका समय खत्म हो गया है।');
    expect(screen.getByLabelText('6 अंकों का कोड')).toHaveFocus();
    expect(s.onSignedIn).not.toHaveBeenCalled();
  });

  it('429 over_sms_send_rate_limit: says how long to wait, counts down, and allows a new code only after', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const s = setup();
    s.sendCode
      .mockResolvedValueOnce(ok)
      .mockResolvedValueOnce(
        phoneSignInFailure(
          { status: 429, code: 'over_sms_send_rate_limit', message: 'For security purposes, you can only request this after 45 seconds.' },
          'send',
        ),
      )
      .mockResolvedValue(ok);
    await s.render();
    await user.type(screen.getByLabelText('Mobile number'), '9876543210{Enter}');
    await screen.findByLabelText('6-digit code');
    const resend = screen.getByRole('button', { name: 'Send a new code' });
    await user.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codes were sent to this number. Please try again in 45 seconds.');
    expect(screen.getByRole('timer')).toHaveTextContent('You can ask for a new code in 45 seconds.');
    expect(resend).toHaveAttribute('aria-disabled', 'true');
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('timer')).toHaveTextContent('You can ask for a new code in 40 seconds.');
    await user.click(resend);
    expect(s.sendCode).toHaveBeenCalledTimes(2); // not asked again while waiting
    act(() => jest.advanceTimersByTime(40_000));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(resend).not.toHaveAttribute('aria-disabled');
    await user.click(resend);
    expect(s.sendCode).toHaveBeenCalledTimes(3);
  });

  it('a first code refused with 429 (one was sent moments ago) still opens the code field, with the wait', async () => {
    const user = userEvent.setup();
    const s = setup();
    s.sendCode.mockResolvedValue({ ok: false, reason: 'too-many-sends', retryAfterSeconds: 30 });
    await s.render();
    await user.type(screen.getByLabelText('Mobile number'), '9876543210{Enter}');
    expect(await screen.findByLabelText('6-digit code')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please try again in 30 seconds.');
  });

  it.each([
    [
      { status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' },
      'Too many sign-in attempts from this connection. Please try again in a few minutes.',
    ],
    [
      { status: 422, code: 'signup_disabled', message: 'Signups not allowed for otp' },
      'Sign-in with a new mobile number is switched off right now.',
    ],
    [{ status: 0, message: 'Failed to fetch' }, 'Could not reach the server.'],
  ])("shows GoTrue's answer %j as a translated message", async (error, text) => {
    const user = userEvent.setup();
    const s = setup();
    s.sendCode.mockResolvedValue(phoneSignInFailure(error, 'send'));
    await s.render();
    await user.type(screen.getByLabelText('Mobile number'), '9876543210{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
  });

  it('"Not now" hands back to the caller', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    await setup({ onCancel }).render();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('phoneSignInFailure', () => {
  it("maps GoTrue's real answers", () => {
    expect(
      phoneSignInFailure({ status: 429, code: 'over_sms_send_rate_limit', message: 'you can only request this after 52 seconds.' }, 'send'),
    ).toEqual({
      ok: false,
      reason: 'too-many-sends',
      retryAfterSeconds: 52,
    });
    expect(phoneSignInFailure({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' }, 'verify')).toEqual({
      ok: false,
      reason: 'too-many-requests',
      retryAfterSeconds: null,
    });
    expect(phoneSignInFailure({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for otp' }, 'send')).toEqual({
      ok: false,
      reason: 'signups-disabled',
    });
    expect(phoneSignInFailure({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' }, 'verify')).toEqual({
      ok: false,
      reason: 'wrong-code',
    });
    expect(
      phoneSignInFailure({ status: 400, code: 'validation_failed', message: 'Invalid phone number format (E.164 required)' }, 'send'),
    ).toEqual({ ok: false, reason: 'invalid-phone' });
  });
});

describe('normalizeCode', () => {
  it('reads the 6-digit code as typed: spaces and Devanagari digits allowed', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('१२३४५६')).toBe('123456');
    expect(normalizeCode('12345')).toBeNull();
    expect(normalizeCode('12345a')).toBeNull();
  });
});
