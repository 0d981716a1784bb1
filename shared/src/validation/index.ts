// Text rules more than one module needs: what counts as blank free text (the review box and the
// registration form) and Aadhaar's Verhoeff check digit (the registration form, the backend's
// seed and tests). Each form's own rules live in its remote. The phone-number parser is a subpath
// of its own, `@city/shared/validation/phone`, bundled where used: not in the package's root.
export * from './text';
export * from './verhoeff';
