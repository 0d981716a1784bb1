// The grid of `/` (welcome banner, category tiles) with their strings: a chunk of its own, which a
// page opened on a list or a search does not download before its first render.
export { CategoryGrid } from './category-grid';
export { WelcomeBanner } from './welcome-banner';
