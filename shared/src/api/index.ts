// The platform's data layer: the page's one client (dataClient), anonymous reads without it
// (public-rest), errors, auth (the shell's auth
// context) and the call more than one remote makes (trackClick: list cards and the profile).
// Each feature's queries live in its remote's src/api/, so a new query ships with that remote
// alone, without redeploying the shell.
export * from './auth';
export * from './client';
export * from './errors';
export * from './provider-fields';
export * from './clicks';
export * from './public-rest';
