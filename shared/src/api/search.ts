// Owned by the search feature; see ARCHITECTURE.md.
export {};
