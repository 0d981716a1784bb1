import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSupabaseClient } from '@city/shared';
import { renderWithProviders } from '@city/shared/testing';
import { fakeConsole, signedInOperator } from '../../../testing/fake-console';
import { PlacesSection, problemKey } from '../places-section';

const CSV = [
  'districtCode,districtNameEnglish,subdistrictCode,subdistrictNameEnglish,villageCode,villageNameEnglish,villageNameLocal',
  '9027,Sitapur,90271,Sitapur Sadar,927001,Rampur,रामपुर',
  '9027,Sitapur,90271,Sitapur Sadar,927008,,',
].join('\n');

beforeEach(signedInOperator);
afterEach(() => setSupabaseClient(null));

async function upload() {
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText(/CSV/), new File([CSV], 'villages.csv', { type: 'text/csv' }));
  return user;
}

describe('PlacesSection', () => {
  it('stages the rows, commits them, and says what was loaded', async () => {
    const fake = fakeConsole({
      stage_places: 2,
      commit_places: { ok: true, rows: 2, error_count: 0, errors: [], inserted: 4, updated: 0, unchanged: 0 },
    });
    await renderWithProviders(<PlacesSection />, { language: 'en' });
    const user = await upload();
    await user.type(screen.getByLabelText('Reason (optional)'), 'LGD 2026');
    await user.click(screen.getByRole('button', { name: 'Check and load' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 rows checked: 4 places added, 0 updated, 0 unchanged.');
    const calls = fake.rpc.mock.calls as unknown as [string, Record<string, unknown>][];
    const stage = calls.find(([fn]) => fn === 'stage_places')!;
    expect(stage[1]).toMatchObject({
      p_first_row: 2,
      p_rows: [
        expect.objectContaining({ villageCode: '927001', villageNameLocal: 'रामपुर' }),
        expect.objectContaining({ villageCode: '927008' }),
      ],
    });
    const commit = calls.find(([fn]) => fn === 'commit_places')!;
    expect(commit[1]).toEqual({ p_batch: stage[1].p_batch, p_reason: 'LGD 2026' });
  });

  it('lists the bad rows in Hindi and says nothing was loaded', async () => {
    fakeConsole({
      stage_places: 2,
      commit_places: {
        ok: false,
        rows: 2,
        error_count: 1,
        errors: [{ row: 3, field: 'villageNameEnglish', message: 'villageNameEnglish is missing' }],
        inserted: 0,
        updated: 0,
        unchanged: 0,
      },
    });
    await renderWithProviders(<PlacesSection />, { language: 'hi' });
    const user = await upload();
    await user.click(screen.getByRole('button', { name: 'जाँचें और जोड़ें' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('2 में से 1 पंक्ति गलत है: कुछ भी नहीं जोड़ा गया।');
    const row = within(alert).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', 'villageNameEnglish', 'अंग्रेज़ी नाम नहीं है। (villageNameEnglish is missing)']);
  });

  it('a failed request says so (nothing was loaded)', async () => {
    fakeConsole({ stage_places: new Error('not authorised') });
    await renderWithProviders(<PlacesSection />, { language: 'en' });
    const user = await upload();
    await user.click(screen.getByRole('button', { name: 'Check and load' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('nothing was loaded');
  });

  it('names the problem by its column', () => {
    expect(['header', 'wardCode', 'subdistrictNameEnglish', 'latitude', 'x'].map(problemKey)).toEqual([
      'header',
      'code',
      'nameEnglish',
      'latitude',
      'other',
    ]);
  });
});
