// Owned by the registration feature; see ARCHITECTURE.md.
export {};
