// Text rules more than one module needs: what counts as blank free text (the review box and the
// registration form) and Aadhaar's Verhoeff check digit (the registration form, the backend's
// seed and tests). Each form's own rules live in its remote.
export * from './text';
export * from './verhoeff';
