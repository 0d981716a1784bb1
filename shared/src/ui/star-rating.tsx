import { useState, type KeyboardEvent } from 'react';

export interface StarRatingDisplayProps {
  value: number;
  /** Accessible text, e.g. "4.3 out of 5" (translated by the caller). */
  label: string;
  size?: 'sm' | 'md';
}

/** Read-only stars; the number itself is given to assistive tech through label. */
export function StarRatingDisplay({ value, label, size = 'sm' }: StarRatingDisplayProps) {
  const rounded = Math.round(value * 2) / 2;
  return (
    <span className={`ui-stars ui-stars--${size}`} role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span
          key={n}
          aria-hidden="true"
          className={n <= rounded ? 'ui-star ui-star--on' : n - 0.5 === rounded ? 'ui-star ui-star--half' : 'ui-star'}
        >
          ★
        </span>
      ))}
    </span>
  );
}

export interface StarRatingInputProps {
  value: number | null;
  onChange: (value: number) => void;
  /** Group label, e.g. "Rate this provider". */
  label: string;
  /** Label of each star, e.g. n => `${n} stars`. */
  starLabel: (n: number) => string;
  disabled?: boolean;
}

/**
 * A radio group of five stars: Tab reaches it, arrow keys move and choose, as in any
 * native radio group.
 */
export function StarRatingInput({ value, onChange, label, starLabel, disabled }: StarRatingInputProps) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, n: number) => {
    if (disabled) return;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? Math.min(5, n + 1)
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? Math.max(1, n - 1)
          : null;
    if (next !== null) {
      e.preventDefault();
      onChange(next);
      const sibling = e.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('button')[next - 1];
      sibling?.focus();
    }
  };
  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- roving tabindex: Tab reaches the chosen radio, not the group
    <div role="radiogroup" aria-label={label} className="ui-stars ui-stars--input" onMouseLeave={() => setHover(null)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={starLabel(n)}
          tabIndex={(value ?? 1) === n ? 0 : -1}
          disabled={disabled}
          className={n <= shown ? 'ui-star ui-star--on' : 'ui-star'}
          onMouseEnter={() => setHover(n)}
          onClick={() => onChange(n)}
          onKeyDown={(e) => onKey(e, n)}
        >
          <span aria-hidden="true">★</span>
        </button>
      ))}
    </div>
  );
}
