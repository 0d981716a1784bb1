import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSupabaseClient } from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { fakeConsole, signedInOperator } from '../../../testing/fake-console';
import { AuditSection, changedFields } from '../audit-section';

const entry = (n: number, over: Record<string, unknown> = {}) => ({
  id: n,
  at: '2026-11-22T09:30:00Z',
  actor: 'u1',
  actor_email: 'op@example.in',
  action: 'provider.update',
  target_table: 'service_providers',
  target_id: 'p1',
  target_name: `Provider ${n}`,
  before: { mobile: '9876543210', name: 'Ramesh' },
  after: { mobile: '9123456780', name: 'Ramesh' },
  reason: 'Caller confirmed',
  total_count: 25,
  ...over,
});

beforeEach(signedInOperator);
afterEach(() => setSupabaseClient(null));

describe('AuditSection', () => {
  it('lists who, when, what, before -> after and why, and pages', async () => {
    const fake = fakeConsole({
      admin_audit_log: ({ p_offset }: Record<string, unknown>) =>
        p_offset === 0 ? Array.from({ length: 20 }, (_, i) => entry(25 - i)) : Array.from({ length: 5 }, (_, i) => entry(5 - i)),
    });
    const user = userEvent.setup();
    await renderWithProviders(<AuditSection />, { language: 'en' });
    const first = (await screen.findByText('Provider 25')).closest('li')!;
    expect(within(first).getByText('Listing edited')).toBeInTheDocument();
    expect(within(first).getByText('by op@example.in')).toBeInTheDocument();
    expect(within(first).getByText('Reason: Caller confirmed')).toBeInTheDocument();
    expect(within(first).getByRole('list', { name: 'Changes' })).toHaveTextContent('Mobile: 9876543210 → 9123456780');
    expect(within(first).getByRole('list', { name: 'Changes' })).not.toHaveTextContent('Ramesh');
    expect(fake.rpc).toHaveBeenCalledWith('admin_audit_log', { p_limit: 20, p_offset: 0 });
    await user.click(screen.getByRole('button', { name: 'Show older actions' }));
    expect(await screen.findByText('Provider 1')).toBeInTheDocument();
    expect(fake.rpc).toHaveBeenLastCalledWith('admin_audit_log', { p_limit: 20, p_offset: 20 });
    expect(screen.queryByRole('button', { name: 'Show older actions' })).toBeNull();
  });

  it.each([
    ['en', 'Verified after a check', 'Day of the check: — → 12 Nov 2026', 'How it was checked: — → Saw the documents, Called them'],
    ['hi', 'जाँच के बाद सत्यापित', 'जाँच का दिन: — → 12 नव॰ 2026', 'जाँच कैसे हुई: — → दस्तावेज़ देखे, फ़ोन पर बात की'],
  ] as const)("(%s) the operator's check (0016): who, the day and how, in words", async (language, action, day, how) => {
    fakeConsole({
      admin_audit_log: [
        entry(1, {
          action: 'provider.verify',
          before: { verified: false, verified_on: null, verified_how: null },
          after: { verified: true, verified_on: '2026-11-12', verified_how: ['documents', 'called'] },
          reason: 'Saw the card',
          total_count: 1,
        }),
      ],
    });
    await renderWithProviders(<AuditSection />, { language });
    const li = (await screen.findByText('Provider 1')).closest('li')!;
    expect(within(li).getByText(action)).toBeInTheDocument();
    const changes = within(li).getByRole('list');
    expect(changes).toHaveTextContent(day);
    expect(changes).toHaveTextContent(how);
  });

  it('what the system did (3 reports) has no operator', async () => {
    fakeConsole({
      admin_audit_log: [entry(1, { actor: null, actor_email: null, action: 'provider.hidden_by_reports', reason: null, total_count: 1 })],
    });
    await renderWithProviders(<AuditSection />, { language: 'hi' });
    const li = (await screen.findByText('Provider 1')).closest('li')!;
    expect(within(li).getByText('3 शिकायतों से लिस्टिंग छिपी')).toBeInTheDocument();
    expect(within(li).getByText('सिस्टम द्वारा')).toBeInTheDocument();
  });

  it.each([
    [
      'hi',
      [
        'कारण: अलग-अलग डिवाइस से 3 खुली शिकायतें',
        'कारण: गलत नंबर या बंद होने की 1 शिकायत मालिक के साइन इन करने पर सुलझी',
        'कारण: मालिक का बदलाव क्रमांक 42 वापस लिया गया',
        'कारण: Number checked by phone',
      ],
    ],
    [
      'en',
      [
        'Reason: 3 open reports from different devices',
        'Reason: 1 wrong-number or closed report resolved when the owner signed in',
        'Reason: Owner edit no. 42 undone',
        'Reason: Number checked by phone',
      ],
    ],
  ] as const)("in %s the database's own reasons are said in the page's language; an operator's as typed", async (language, reasons) => {
    fakeConsole({
      admin_audit_log: [
        entry(4, {
          actor: null,
          actor_email: null,
          action: 'provider.hidden_by_reports',
          reason: '3 open reports from different devices',
          total_count: 4,
        }),
        entry(3, {
          action: 'reports.owner_confirmed',
          reason: "1 wrong-number or closed reports resolved by the owner's sign-in",
          total_count: 4,
        }),
        entry(2, { action: 'owner_edit.reverted', reason: 'owner edit 42 reverted', total_count: 4 }),
        entry(1, { reason: 'Number checked by phone', total_count: 4 }),
      ],
    });
    await renderWithProviders(<AuditSection />, { language });
    await screen.findByText('Provider 4');
    expect(Array.from(document.querySelectorAll('.admin-audit__reason')).map((p) => p.textContent)).toEqual(reasons);
  });

  const OWNER_ENTRIES = [
    entry(3, {
      actor: 'owner-uid',
      actor_email: null,
      action: 'owner.edit',
      target_name: 'Edited by owner',
      before: { business_name: 'Kumar Plumbing' },
      after: { business_name: 'Kumar Plumbing and Sons' },
      reason: null,
    }),
    entry(2, {
      action: 'owner_edit.reverted',
      target_name: 'Reverted one',
      before: { business_name: 'Kumar Plumbing and Sons' },
      after: { business_name: 'Kumar Plumbing' },
      reason: 'Spam',
    }),
    entry(1, {
      actor: 'owner-uid',
      actor_email: null,
      action: 'reports.owner_confirmed',
      target_name: 'Confirmed one',
      before: null,
      after: null,
      reason: "3 wrong-number or closed reports resolved by the owner's sign-in",
    }),
    entry(0, {
      actor: null,
      actor_email: null,
      action: 'service_providers.update',
      target_name: 'Caution one',
      before: { number_caution: false },
      after: { number_caution: true },
      reason: null,
    }),
  ].map((e) => ({ ...e, total_count: 4 }));

  it("names the owner's edits, their revert and the owner's confirmation, and the number caution, in English", async () => {
    fakeConsole({ admin_audit_log: OWNER_ENTRIES });
    await renderWithProviders(<AuditSection />, { language: 'en' });
    const edited = (await screen.findByText('Edited by owner')).closest('li')!;
    expect(within(edited).getByText('Edited by the owner')).toBeInTheDocument();
    expect(within(edited).getByText("by the listing's owner")).toBeInTheDocument();
    expect(await changesOf('Edited by owner')).toEqual(['Business name: Kumar Plumbing → Kumar Plumbing and Sons']);
    const reverted = screen.getByText('Reverted one').closest('li')!;
    expect(within(reverted).getByText("Owner's edit reverted")).toBeInTheDocument();
    expect(within(reverted).getByText('by op@example.in')).toBeInTheDocument();
    const confirmed = screen.getByText('Confirmed one').closest('li')!;
    expect(within(confirmed).getByText('Owner confirmed the number: reports closed')).toBeInTheDocument();
    expect(within(confirmed).getByText("by the listing's owner")).toBeInTheDocument();
    expect(await changesOf('Caution one')).toEqual(['Caution to visitors (number may be wrong): Not shown → Shown']);
    expect(within(screen.getByText('Caution one').closest('li')!).getByText('by the system')).toBeInTheDocument();
  });

  it.each([
    ['en', 'Provider replied to a review', "by the listing's owner", 'Reply hidden', 'Reply hidden: No → Yes'],
    ['hi', 'सेवा प्रदाता ने समीक्षा का जवाब दिया', 'लिस्टिंग के मालिक द्वारा', 'जवाब छिपाया गया', 'जवाब छिपा हुआ: '],
  ] as const)('in %s, names an owner’s reply and the operator hiding it', async (language, replied, byOwner, hidden, change) => {
    fakeConsole({
      admin_audit_log: [
        entry(2, {
          actor: 'owner-uid',
          actor_email: null,
          action: 'owner.reply',
          target_table: 'reviews',
          target_name: 'Replied one',
          before: null,
          after: { reply_text: 'Thank you' },
          reason: null,
        }),
        entry(1, {
          action: 'reply.hide',
          target_table: 'reviews',
          target_name: 'Hidden one',
          before: { reply_hidden: false },
          after: { reply_hidden: true },
          reason: 'A phone number in a reply',
        }),
      ].map((e) => ({ ...e, total_count: 2 })),
    });
    await renderWithProviders(<AuditSection />, { language });
    const replied_ = (await screen.findByText('Replied one')).closest('li')!;
    expect(within(replied_).getByText(replied)).toBeInTheDocument();
    expect(within(replied_).getByText(byOwner)).toBeInTheDocument();
    const hidden_ = screen.getByText('Hidden one').closest('li')!;
    expect(within(hidden_).getByText(hidden)).toBeInTheDocument();
    expect((await changesOf('Hidden one'))[0]).toContain(change);
  });

  it("names the owner's edits, their revert and the owner's confirmation, and the number caution, in Hindi", async () => {
    fakeConsole({
      admin_audit_log: [
        ...OWNER_ENTRIES,
        entry(9, {
          action: 'reports.update',
          target_table: 'reports',
          target_name: null,
          target_id: 'r9',
          before: { status: 'open', resolution: null },
          after: { status: 'resolved', resolution: 'owner_confirmed: signed in with a code sent to this number' },
        }),
      ],
    });
    await renderWithProviders(<AuditSection />, { language: 'hi' });
    const edited = (await screen.findByText('Edited by owner')).closest('li')!;
    expect(within(edited).getByText('मालिक ने लिस्टिंग बदली')).toBeInTheDocument();
    expect(within(edited).getByText('लिस्टिंग के मालिक द्वारा')).toBeInTheDocument();
    expect(await changesOf('Edited by owner')).toEqual(['व्यवसाय का नाम: Kumar Plumbing → Kumar Plumbing and Sons']);
    expect(within(screen.getByText('Reverted one').closest('li')!).getByText('मालिक का बदलाव वापस लिया गया')).toBeInTheDocument();
    expect(within(screen.getByText('Confirmed one').closest('li')!).getByText('मालिक ने नंबर की पुष्टि की: शिकायतें बंद')).toBeInTheDocument();
    expect(await changesOf('Caution one')).toEqual(['आगंतुकों को चेतावनी (नंबर गलत हो सकता है): नहीं दिखती → दिखती है']);
    expect(await changesOf('शिकायत r9 पर')).toEqual(['स्थिति: खुली → निपटाई गई', 'निर्णय: — → मालिक ने नंबर की पुष्टि की']);
  });

  it('changedFields lists only what differs, a created row against nothing', () => {
    expect(changedFields({ before: null, after: { title: 'Ad' } })).toEqual([['title', '—', 'Ad']]);
    expect(changedFields({ before: { a: 1, b: 2 }, after: { a: 1, b: 3 } })).toEqual([['b', '2', '3']]);
  });

  const changesOf = async (name: string) =>
    within((await screen.findByText(name)).closest('li')!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);

  const ENTRIES = [
    entry(4, {
      action: 'provider.reject',
      target_name: 'Rejected one',
      before: { status: 'pending', rejection_reason: null },
      after: { status: 'rejected', rejection_reason: 'Duplicate' },
    }),
    entry(3, {
      action: 'ad.update',
      target_table: 'advertisements',
      target_name: 'Diwali sale',
      before: { active: true, media_type: 'image', sort_order: 1, foo_bar: 'x' },
      after: { active: false, media_type: 'video', sort_order: 2, foo_bar: 'y' },
    }),
    entry(2, {
      action: 'reports.update',
      target_table: 'reports',
      target_name: null,
      target_id: 'r1',
      before: { status: 'open', resolution: null, reason: 'wrong_number' },
      after: { status: 'resolved', resolution: 'restore', reason: 'closed' },
    }),
    entry(1, {
      action: 'provider_change_requests.update',
      target_table: 'provider_change_requests',
      target_name: 'Changed one',
      before: { status: 'pending', reason: null },
      after: { status: 'approved', reason: 'Called them' },
    }),
  ];

  it('names the changed fields and their values in words, in English', async () => {
    fakeConsole({ admin_audit_log: ENTRIES.map((e) => ({ ...e, total_count: 4 })) });
    await renderWithProviders(<AuditSection />, { language: 'en' });
    expect(await changesOf('Rejected one')).toEqual(['Status: Pending → Rejected', 'Reason for rejection: — → Duplicate']);
    expect(await changesOf('Diwali sale')).toEqual(['Switched on: On → Off', 'Media: Image → Video', 'Position: 1 → 2', 'foo_bar: x → y']);
    const report = (await screen.findByText('on Report r1')).closest('li')!;
    expect(within(report).getByText('Changed: Report')).toBeInTheDocument();
    expect(await changesOf('on Report r1')).toEqual([
      'Status: Open → Resolved',
      'Decision: — → Restored',
      'Report reason: Wrong phone number → Closed or moved',
    ]);
    expect(await changesOf('Changed one')).toEqual(['Status: Pending → Approved', "Operator's reason: — → Called them"]);
    expect(screen.getByText('Changed: Listing change request')).toBeInTheDocument();
  });

  it('names the changed fields and their values in words, in Hindi', async () => {
    fakeConsole({ admin_audit_log: ENTRIES.map((e) => ({ ...e, total_count: 4 })) });
    await renderWithProviders(<AuditSection />, { language: 'hi' });
    expect(await changesOf('Rejected one')).toEqual(['स्थिति: लंबित → अस्वीकृत', 'अस्वीकार करने का कारण: — → Duplicate']);
    expect(await changesOf('Diwali sale')).toEqual(['चालू: चालू → बंद', 'मीडिया: चित्र → वीडियो', 'क्रम: 1 → 2', 'foo_bar: x → y']);
    expect(await changesOf('शिकायत r1 पर')).toEqual([
      'स्थिति: खुली → निपटाई गई',
      'निर्णय: — → फिर से दिखाया',
      'शिकायत का कारण: गलत फ़ोन नंबर → बंद हो गया या जगह बदल गई',
    ]);
    expect(await changesOf('Changed one')).toEqual(['स्थिति: लंबित → स्वीकृत', 'संचालक का कारण: — → Called them']);
    expect(screen.getByText('बदलाव: लिस्टिंग बदलाव का अनुरोध')).toBeInTheDocument();
  });
});
