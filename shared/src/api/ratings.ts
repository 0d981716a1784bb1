// Owned by the ratings feature; see ARCHITECTURE.md.
export {};
