// The review form's own strings (the 'profileReviewForm' namespace): the first-name field and
// the empty-review message. They ship, both languages, inside the form's chunk
// (components/review-form.tsx), which loads when a visitor taps "Write a review" (or has a
// draft): never on the profile's first render. The form's older strings stay in 'profile'.
import { addNamespace } from '@city/shared';
import en from './en.json';
import hi from './hi.json';

declare module '@city/shared' {
  interface I18nNamespaces {
    profileReviewForm: typeof en;
  }
}

// Typed as the English: a key missing in Hindi fails the type check (__tests__ checks both ways).
const hindi: typeof en = hi;

addNamespace('profileReviewForm', { hi: hindi, en });
