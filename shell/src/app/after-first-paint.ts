/** Longest wait for the first frame (a page opened in a background tab gets no frames). */
export const FIRST_PAINT_TIMEOUT_MS = 100;

/**
 * Calls `start` in a task after the browser has painted its first frame (or after
 * FIRST_PAINT_TIMEOUT_MS without a frame).
 *
 * The entry chunk uses it so the prerendered page paints before the app asks for its other
 * chunks and evaluates the federation runtime. On a slow phone that is the order anyway (the
 * HTML paints long before the JavaScript arrives): this costs at most one frame there. On a
 * fast connection the script used to arrive and run first and hold the paint back for its
 * long task; Lighthouse's simulation then counts every request made before that paint as
 * blocking the largest paint (its LCP swung 1.3-2.2 s on the same build).
 */
export function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // A rAF callback runs just before a frame is painted; a task queued from it runs after.
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, FIRST_PAINT_TIMEOUT_MS);
}
