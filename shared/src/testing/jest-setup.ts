import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// findBy* and waitFor wait for a condition; their bound (1 s by default) is only reached when
// the condition never comes, or on a busy 2-core machine where a debounce, a render and a stubbed
// answer take longer than that. Bounded by jest's testTimeout (the preset's) instead.
configure({ asyncUtilTimeout: 10_000 });

// react-router 7 needs these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no PointerEvent: without it fireEvent.pointer* drops clientX. A MouseEvent subclass
// carries the coordinates, as browsers do.
if (typeof window !== 'undefined' && typeof window.PointerEvent === 'undefined') {
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'touch';
    }
  }
  Object.assign(window, { PointerEvent: PointerEventShim });
}
