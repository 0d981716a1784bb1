import { EMPTY_SERVE_CHOICE, type ServeChoiceValues } from '../../validation/serve-choice';
import { clearRegistrationDraft, loadServeDraft, REGISTRATION_SERVE_DRAFT_KEY, saveServeDraft } from '../registration-draft';

const LALBAGH = { kind: 'ward', code: '9270101', nameEn: 'Lalbagh', nameHi: 'लालबाग', lat: 27.57373, lon: 80.68728 } as const;
const LAKSHMANGANJ = { kind: 'village', code: '927001', nameEn: 'Lakshmanganj', nameHi: null, lat: null, lon: null } as const;

afterEach(() => clearRegistrationDraft());

describe('the registration draft: the place and whom they serve (issue 27)', () => {
  it('keeps the place (code, kind, names, centre) and the serve choice across a reload', () => {
    const chosen: ServeChoiceValues = { place: { ...LALBAGH }, mode: 'list', radiusKm: '12', list: [{ ...LAKSHMANGANJ }] };
    saveServeDraft(chosen);
    expect(JSON.parse(sessionStorage.getItem(REGISTRATION_SERVE_DRAFT_KEY)!)).toMatchObject({ place: { code: '9270101' } });
    expect(loadServeDraft()).toEqual(chosen);
  });

  it('keeps nothing for the empty choice, and nothing after a registration', () => {
    saveServeDraft({ ...EMPTY_SERVE_CHOICE, list: [] });
    expect(sessionStorage.getItem(REGISTRATION_SERVE_DRAFT_KEY)).toBeNull();
    saveServeDraft({ ...EMPTY_SERVE_CHOICE, mode: 'tehsil' });
    expect(loadServeDraft().mode).toBe('tehsil');
    clearRegistrationDraft();
    expect(sessionStorage.getItem(REGISTRATION_SERVE_DRAFT_KEY)).toBeNull();
    expect(loadServeDraft()).toEqual({ ...EMPTY_SERVE_CHOICE, list: [] });
  });

  it('leaves out what is malformed: a bad place, an unknown mode, repeated or broken list entries', () => {
    sessionStorage.setItem(REGISTRATION_SERVE_DRAFT_KEY, '{"place": ');
    expect(loadServeDraft()).toEqual({ ...EMPTY_SERVE_CHOICE, list: [] });
    sessionStorage.setItem(
      REGISTRATION_SERVE_DRAFT_KEY,
      JSON.stringify({
        place: { kind: 'district', code: '9027', nameEn: 'Sitapur' },
        mode: 'everywhere',
        radiusKm: 7,
        list: [LAKSHMANGANJ, { ...LAKSHMANGANJ }, { kind: 'ward', code: 'abc', nameEn: 'X' }, 'Lalbagh', LALBAGH],
      }),
    );
    expect(loadServeDraft()).toEqual({ place: null, mode: 'nearby', radiusKm: '10', list: [LAKSHMANGANJ, LALBAGH] });
  });
});
