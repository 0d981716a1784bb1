// The place picker (issue 27): an ARIA 1.2 combobox (an input that controls a listbox) that
// finds a village, ward or town by a few letters of its name in either script (search_places,
// migration 0021) and shows each as "Name, Parent" in the page's language. Arrow keys move
// through the places, Enter chooses, Escape closes the list (and, pressed again, lets the dialog
// around it close); how many were found, or why none, is said in a polite live region.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
// By the package's name, never a relative path: this file is bundled into each module that
// uses it, and the data layer and the i18n instance must be the page's one copy.
import { ApiError, sendRest, useLanguage, type Language, type VisitorPlace } from '@city/shared';
import { addPlacesStrings } from './locales';
import './place-picker.css';

addPlacesStrings();

/** A row of search_places. */
export interface FoundPlace {
  kind: VisitorPlace['kind'];
  code: string;
  name_en: string;
  name_hi: string | null;
  lat: number | null;
  lon: number | null;
  parent_name_en: string | null;
  parent_name_hi: string | null;
}

export interface PlacePickerProps {
  /** The input's visible label (translated by the caller). */
  label: string;
  value: VisitorPlace | null;
  /** A place chosen from the list (with its row, for the parent's names). */
  onChange: (place: VisitorPlace, found: FoundPlace) => void;
  /** The kinds of place offered; villages, wards and towns when not given. */
  kinds?: readonly VisitorPlace['kind'][];
  /** Focus the input once it is shown (a dialog that opens on it: after the dialog's own focus). */
  focusOnMount?: boolean;
  /** Waits this long after the last key before searching (ms). */
  debounceMs?: number;
  /** The input's id (a form's error summary or focus may name it); one of its own when not given. */
  id?: string;
  /** The field's value was refused (the form's error): the input says so (aria-invalid). */
  invalid?: boolean;
  /**
   * Ids of elements that describe the input besides its hint (the form's error line beside the
   * field), read by screen readers with it (aria-describedby).
   */
  describedBy?: string;
}

/** A name in the page's language: Hindi first in Hindi, English in English, else the other. */
export function nameIn(lang: Language, en: string | null, hi: string | null): string {
  return (lang === 'hi' ? hi || en : en || hi) ?? '';
}

/** "Name, Parent" in the page's language (the parent tells two Rampurs apart). */
export function foundPlaceLabel(place: FoundPlace, lang: Language): string {
  const parent = nameIn(lang, place.parent_name_en, place.parent_name_hi);
  const name = nameIn(lang, place.name_en, place.name_hi);
  return parent ? `${name}, ${parent}` : name;
}

/** The row as the visitor place the stores keep. */
export function toVisitorPlace(place: FoundPlace): VisitorPlace {
  const num = (v: unknown) => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));
  return {
    kind: place.kind,
    code: place.code,
    nameEn: place.name_en,
    nameHi: place.name_hi || null,
    lat: num(place.lat),
    lon: num(place.lon),
  };
}

type Search = { state: 'idle' } | { state: 'searching' } | { state: 'done'; places: FoundPlace[] } | { state: 'error'; offline: boolean };

const MAX_QUERY = 100;

export function PlacePicker({
  label,
  value,
  onChange,
  kinds,
  focusOnMount = false,
  debounceMs = 250,
  id: givenId,
  invalid = false,
  describedBy,
}: PlacePickerProps) {
  const { t } = useTranslation('places');
  const lang = useLanguage();
  const id = useId();
  const inputId = givenId || `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const [text, setText] = useState(() => (value ? nameIn(lang, value.nameEn, value.nameHi) : ''));
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const kindsKey = kinds ? kinds.join(',') : '';
  // A place set from outside (the position, "forget") or another language shows in the input.
  const valueKey = value ? `${value.kind}:${value.code}:${lang}` : `:${lang}`;
  const [shownKey, setShownKey] = useState(valueKey);
  if (shownKey !== valueKey) {
    setShownKey(valueKey);
    setText(value ? nameIn(lang, value.nameEn, value.nameHi) : '');
    setOpen(false);
  }

  useEffect(() => {
    if (!focusOnMount) return;
    // A frame later: a modal <dialog> opened in the same commit focuses its first control.
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [focusOnMount]);

  // The search: after the visitor stops typing; an older answer never replaces a newer one.
  const query = text.trim().slice(0, MAX_QUERY);
  const chosenText = value ? nameIn(lang, value.nameEn, value.nameHi) : null;
  const wanted = open && query !== '' && query !== chosenText;
  // The words whose answer is on screen: reopening the list on them (Escape, then an arrow) shows
  // it again at once, instead of searching anew and resetting the highlighted option meanwhile.
  const answeredKey = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const key = `${query}|${kindsKey ?? ''}`;
    if (answeredKey.current === key) return;
    answeredKey.current = null;
    const controller = new AbortController();
    setSearch({ state: 'searching' });
    const timer = setTimeout(() => {
      const args: Record<string, unknown> = { p_query: query, p_limit: 10 };
      if (kindsKey) args.p_kinds = kindsKey.split(',');
      sendRest<FoundPlace[]>({ rpc: 'search_places', args }, { signal: controller.signal }).then(
        (rows) => {
          if (controller.signal.aborted) return;
          answeredKey.current = key;
          setSearch({ state: 'done', places: Array.isArray(rows) ? rows : [] });
          setActive(-1);
        },
        (e: unknown) => {
          if (controller.signal.aborted) return;
          const offline = (e instanceof ApiError && e.isNetwork) || (typeof navigator !== 'undefined' && navigator.onLine === false);
          setSearch({ state: 'error', offline });
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, query, kindsKey, debounceMs]);

  const places = wanted && search.state === 'done' ? search.places : [];
  const expanded = wanted && places.length > 0;

  const choose = (place: FoundPlace) => {
    const chosen = toVisitorPlace(place);
    setText(nameIn(lang, chosen.nameEn, chosen.nameHi));
    setOpen(false);
    setActive(-1);
    onChange(chosen, place);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      if (places.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : places.length - 1) : (i + step + places.length) % places.length));
    } else if (e.key === 'Enter') {
      if (expanded && active >= 0 && places[active]) {
        e.preventDefault();
        choose(places[active]);
      }
    } else if (e.key === 'Escape') {
      if (expanded) {
        // Closes the list only: the dialog around it stays open.
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  let status = '';
  if (wanted) {
    if (search.state === 'searching') status = t('searching');
    else if (search.state === 'error') status = t(search.offline ? 'offline' : 'failed');
    else if (search.state === 'done') status = places.length ? t('found', { count: places.length }) : t('none');
  } else if (value && text.trim() === chosenText) {
    status = t('chosen', { place: chosenText });
  }
  const problem = wanted && (search.state === 'error' || (search.state === 'done' && places.length === 0));

  return (
    <div className="place-picker">
      <label className="place-picker__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="place-picker__input"
        type="text"
        role="combobox"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={MAX_QUERY}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-describedby={describedBy ? `${hintId} ${describedBy}` : hintId}
        aria-invalid={invalid || undefined}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <p id={hintId} className="place-picker__hint">
        {t('hint')}
      </p>
      {/* The listbox is always in the page (aria-controls names it); empty and hidden when closed. */}
      <ul id={listId} role="listbox" aria-label={label} className="place-picker__list" hidden={!expanded}>
        {places.map((place, i) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the combobox's (arrows, Enter): the focus stays in the input
          <li
            key={`${place.kind}:${place.code}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`place-picker__option${i === active ? ' place-picker__option--active' : ''}`}
            // Keeps the focus in the input (the list would close on its blur before the click).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(place)}
          >
            {foundPlaceLabel(place, lang)}
          </li>
        ))}
      </ul>
      <p className={`place-picker__status${problem ? ' place-picker__status--problem' : ''}`} role="status" aria-live="polite">
        {status}
      </p>
    </div>
  );
}
