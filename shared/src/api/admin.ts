// Owned by the admin feature; see ARCHITECTURE.md.
export {};
