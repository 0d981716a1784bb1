// One chunk for everything about a signed-in phone: the calls made as the phone (api/as-phone.ts)
// and the phone parts of the rating and review cards with the code step (components/phone-panel.tsx).
// They are always needed together (a tap or send without a session, or a session), so one
// download, from one place (loadPhoneChunk in api/session.ts).
export * from './api/as-phone';
export { keepIfOffline } from './api/outbox-keep';
export * from './components/phone-panel';
