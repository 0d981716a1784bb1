// `@city/shared/phone-sign-in`: the one-time code step (GoTrue phone OTP) a visitor goes through
// to rate, review or manage a listing. A subpath of its own, never in the package's root: each
// module imports it lazily (a chunk loaded when a visitor rates, reviews or signs in), so it is
// never in a landing page's first render (docs/performance.md). Its strings come with it.
export * from './api';
export * from './phone-code-step';
