// Side-effect CSS imports (this module's and @city/shared's) are handled by Rspack (css/auto)
// and stubbed in jest. Declared here, not referenced from shared/src: no path into shared/.
declare module '*.css';
