// Owned by the reviews feature; see ARCHITECTURE.md.
export {};
