import { useRef, type TouchEvent } from 'react';
import { SWIPE_THRESHOLD_PX } from '../utils/timings';

export type SwipeDirection = 'left' | 'right' | 'down' | 'up';

/**
 * Touch handlers reporting one swipe per gesture when it travels more than the threshold
 * along its main axis. Multi-finger gestures (pinch zoom) are ignored.
 */
export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(e: TouchEvent) {
      const touch = e.touches[0];
      start.current = e.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(e: TouchEvent) {
      const from = start.current;
      const touch = e.changedTouches[0];
      start.current = null;
      if (!from || !touch || e.touches.length > 0) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) > Math.abs(dy)) {
        if (Math.abs(dx) > SWIPE_THRESHOLD_PX) onSwipe(dx < 0 ? 'left' : 'right');
      } else if (Math.abs(dy) > SWIPE_THRESHOLD_PX) {
        onSwipe(dy > 0 ? 'down' : 'up');
      }
    },
    onTouchCancel() {
      start.current = null;
    },
  };
}
