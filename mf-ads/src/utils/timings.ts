/** Spec section 9. */
export const OPEN_DELAY_MS = 500;
export const ROTATE_MS = 7000;
export const AUTO_CLOSE_MS = 15000;
export const SWIPE_THRESHOLD_PX = 50;
/** Not spec'd: after the visitor's last keystroke, the popup waits this long before opening. */
export const TYPING_QUIET_MS = 1500;
