import { TYPING_QUIET_MS } from './timings';

// Input types that take no typing: focus on them does not hold the popup back.
const NOT_TYPED = new Set(['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'file', 'range', 'color', 'hidden']);

/** Whether focus on this element means the visitor may be typing or choosing in a field. */
function isEditable(el: Element | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el instanceof HTMLInputElement) return !NOT_TYPED.has(el.type);
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  // isContentEditable is missing in some environments (jsdom): read the attribute too.
  return el.isContentEditable || el.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/** Whether a dialog (a native modal, or a modal by its role) is open on the page now. */
export function anotherDialogOpen(): boolean {
  return document.querySelector('dialog[open], [role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]') !== null;
}

export interface VisitorActivity {
  /**
   * Calls `ready` once focus is not in an editable field and no key has been pressed for
   * TYPING_QUIET_MS, checking again whenever focus leaves a field; returns a cancel function.
   */
  whenNotTyping(ready: () => void): () => void;
  stop(): void;
}

/**
 * Watches the visitor's keystrokes and form submissions (`onSubmit`) in this document from now on, so the
 * popup never takes focus from someone typing (their next keys would land in the dialog).
 */
export function trackVisitorActivity(onSubmit: () => void): VisitorActivity {
  let lastKeyAt = -Infinity;
  const onKey = () => {
    lastKeyAt = performance.now();
  };
  const onFormSubmit = () => {
    onSubmit();
  };
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('submit', onFormSubmit, true);

  const whenNotTyping = (ready: () => void) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let listening = false;
    const stopListening = () => {
      if (listening) document.removeEventListener('focusout', onFocusOut, true);
      listening = false;
    };
    const check = () => {
      timer = undefined;
      if (isEditable(document.activeElement)) {
        if (!listening) document.addEventListener('focusout', onFocusOut, true);
        listening = true;
        return;
      }
      const quietFor = performance.now() - lastKeyAt;
      if (quietFor < TYPING_QUIET_MS) {
        timer = setTimeout(check, TYPING_QUIET_MS - quietFor);
        return;
      }
      stopListening();
      ready();
    };
    // During focusout the next element has not got focus yet: look once it has.
    function onFocusOut() {
      if (timer === undefined) timer = setTimeout(check, 0);
    }
    check();
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      stopListening();
    };
  };

  return {
    whenNotTyping,
    stop() {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('submit', onFormSubmit, true);
    },
  };
}
