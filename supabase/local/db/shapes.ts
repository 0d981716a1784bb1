/**
 * What the PGlite scheduler (worker-db.ts) learns about statement shapes (the SQL text of a
 * call without its values): shapes that ran quickly before (the product's own queries) go
 * first and may hold the thread longer; a shape that had to be stopped waits behind the
 * others for a while, and stopped twice it is refused at once for a few minutes.
 */

/** How long a statement shape that had to be stopped runs behind all others. */
const SLOW_SHAPE_MS = 5 * 60_000;
/** Stopped this many times within SLOW_SHAPE_MS, a shape is refused without running. */
const SLOW_SHAPE_REFUSE_AT = 2;
/**
 * A shape that has run quickly before (the product's own queries) may hold the thread
 * this many times holdMs: its first run on a freshly started worker is slower (cold
 * caches), and stopping it would only cost everyone another restart.
 */
const KNOWN_SHAPE_HOLD_FACTOR = 3;
/** Hold of a shape stopped lately that runs again while others wait: most likely the same abuse. */
const STOPPED_SHAPE_HOLD_MS = 100;
/** Shapes remembered as quick (like the prepared-statement cache: oldest dropped). */
const KNOWN_SHAPES_MAX = 2000;
/** Stopped shapes remembered (oldest dropped). */
const SLOW_SHAPES_MAX = 500;
/** A call put behind others still runs once it has waited this long (no starvation). */
const MAX_DEFER_MS = 5000;

/** What the policy needs to know of a queued or running call. */
export interface ShapedCall {
  /** API role; undefined = internal work (never held back, stopped early or refused). */
  role: string | undefined;
  /** SQL text(s) without values; undefined when the call has none (begin, end). */
  shape: string | undefined;
  queuedAt: number;
}

function isApiRole(role: string | undefined): boolean {
  return role === 'anon' || role === 'authenticated';
}

export class ShapePolicy {
  private readonly slowShapes = new Map<string, { until: number; stops: number }>();
  private readonly knownShapes = new Set<string>();

  /** `holdMs`: PGLITE_HOLD_MS (0 = only the role timeouts). */
  constructor(private readonly holdMs: number) {}

  /**
   * Order among queued calls, first come first served within one: 0 = internal work and
   * shapes that ran quickly before (and calls that waited MAX_DEFER_MS), 1 = new shapes
   * (and an API transaction's begin), 2 = shapes stopped lately.
   */
  tierOf(call: ShapedCall, now: number): number {
    if (call.role === undefined || now - call.queuedAt >= MAX_DEFER_MS) return 0;
    if (call.shape === undefined) return 1;
    if (this.knownShapes.has(call.shape)) return 0;
    return this.isSlow(call.shape) ? 2 : 1;
  }

  /** Whether an API call of this shape is refused without running (stopped repeatedly). */
  refused(call: Pick<ShapedCall, 'role' | 'shape'>): boolean {
    return isApiRole(call.role) && this.stopsOf(call.shape) >= SLOW_SHAPE_REFUSE_AT;
  }

  /** Whether the shape was stopped lately. */
  isSlow(shape: string | undefined): boolean {
    return this.stopsOf(shape) > 0;
  }

  /** How long the call may keep the thread while others wait (0: only its role's timeout). */
  holdOf(call: Pick<ShapedCall, 'role' | 'shape'>): number {
    if (this.holdMs === 0 || !isApiRole(call.role)) return 0;
    if (call.shape === undefined) return this.holdMs;
    if (this.knownShapes.has(call.shape)) return this.holdMs * KNOWN_SHAPE_HOLD_FACTOR;
    return this.isSlow(call.shape) ? Math.min(this.holdMs, STOPPED_SHAPE_HOLD_MS) : this.holdMs;
  }

  /** A call of this shape answered within holdMs: a quick shape (no longer a stopped one). */
  ranQuickly(shape: string): void {
    this.slowShapes.delete(shape);
    this.knownShapes.delete(shape); // re-insert: most recent last
    this.knownShapes.add(shape);
    if (this.knownShapes.size > KNOWN_SHAPES_MAX) this.knownShapes.delete(this.knownShapes.values().next().value as string);
  }

  /**
   * A call of this shape had to be stopped (shapes that ran quickly before are not held
   * against). Returns whether the shape is refused from now on.
   */
  stopped(shape: string | undefined): boolean {
    if (shape === undefined || this.knownShapes.has(shape)) return false;
    const stops = this.stopsOf(shape) + 1;
    this.slowShapes.delete(shape);
    if (this.slowShapes.size >= SLOW_SHAPES_MAX) this.slowShapes.delete(this.slowShapes.keys().next().value as string);
    this.slowShapes.set(shape, { until: Date.now() + SLOW_SHAPE_MS, stops });
    return stops >= SLOW_SHAPE_REFUSE_AT;
  }

  /** Times the shape was stopped within SLOW_SHAPE_MS (0: not a stopped shape). */
  private stopsOf(shape: string | undefined): number {
    if (shape === undefined) return 0;
    const e = this.slowShapes.get(shape);
    if (e === undefined) return 0;
    if (e.until > Date.now()) return e.stops;
    this.slowShapes.delete(shape);
    return 0;
  }
}
