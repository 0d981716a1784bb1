// The registration form's rules (owned here, so a new rule ships with this remote alone).
export * from './registration';
export * from './my-listing';
export * from './contact';
export * from './serve-choice';
