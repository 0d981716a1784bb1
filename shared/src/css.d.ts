// Side-effect CSS imports are handled by Rspack (css/auto) and stubbed in jest.
declare module '*.css';
