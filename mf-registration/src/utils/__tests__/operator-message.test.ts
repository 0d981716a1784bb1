import { ensureLanguage, i18n } from '@city/shared';
import type { RegistrationInput } from '../../api';
import { setTestLanguage } from '@city/shared/testing';
import { buildOperatorMessage, categoryForMessage, maskAadhaar, operatorChatUrl } from '../operator-message';

const input: RegistrationInput = {
  name: 'Sita Devi',
  businessName: null,
  mobile: '9123456780',
  category: 'OTHERS: Home bakery',
  specialistIn: null,
  aadhaar: null,
  experience: 1,
  address: 'Gandhi Chowk',
};

async function tFor(lang: 'en' | 'hi') {
  setTestLanguage(lang);
  await ensureLanguage(lang); // this remote's English is a chunk of its own, as in the page
  return i18n.getFixedT(lang, 'registration');
}

describe('operator message', () => {
  it('masks an Aadhaar number to its last four digits', () => {
    expect(maskAadhaar('123456789012')).toBe('XXXX-XXXX-9012');
  });

  it('writes Not Provided for missing optional fields and the free-text category as typed', async () => {
    const text = buildOperatorMessage(input, await tFor('en'), 'en');
    expect(text.split('\n')).toEqual([
      'New Service Provider Registration',
      'Name: Sita Devi',
      'Business: Not Provided',
      'Mobile: 9123456780',
      'Category: Home bakery',
      'Specialty: Not Provided',
      'Aadhar: Not Provided',
      'Experience: 1 year',
      'Address: Gandhi Chowk',
      'I agree to the Terms & Conditions and confirm that I am 18 years or older.',
    ]);
  });

  it('is written in Hindi when the page is in Hindi, with the Aadhaar masked', async () => {
    const text = buildOperatorMessage(
      { ...input, category: '🔧 प्लंबर', aadhaar: '999988887777', experience: 12, businessName: 'सीता बेकर्स' },
      await tFor('hi'),
      'hi',
    );
    const lines = text.split('\n');
    expect(lines).toContain('श्रेणी: 🔧 प्लंबर');
    expect(lines).toContain('आधार: XXXX-XXXX-7777');
    expect(lines).toContain('अनुभव: 12 वर्ष');
    expect(lines).toContain('व्यवसाय: सीता बेकर्स');
    expect(lines).toContain('विशेषज्ञता: नहीं दिया गया');
    expect(text).not.toContain('999988887777');
  });

  it('names a catalogue category in the reader’s language', () => {
    expect(categoryForMessage('🔧 प्लंबर', 'en')).toBe('🔧 Plumber');
    expect(categoryForMessage('🔧 प्लंबर', 'hi')).toBe('🔧 प्लंबर');
  });

  it('links to the operator number with the text encoded, new lines included', () => {
    const url = operatorChatUrl('919876543210', 'a & b\nc?');
    expect(url).toBe('https://wa.me/919876543210?text=a%20%26%20b%0Ac%3F');
    expect(new URL(url).searchParams.get('text')).toBe('a & b\nc?');
  });
});
