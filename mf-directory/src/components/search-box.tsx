import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCategoryDetails, toast, useHydrated } from '@city/shared';
import { normaliseSearchQuery } from '../api';
import { loadVoiceRecognition, useVoiceSearch, type VoiceProblem } from '../hooks/use-voice-search';
import { PARAM } from '../utils/directory-params';

/** Typing pauses this long before the search runs. */
export const SEARCH_DEBOUNCE_MS = 350;

/** Longest text the box keeps (the search itself uses the first 100 characters). */
const MAX_INPUT_LENGTH = 200;

export interface SearchBoxProps {
  /** The search in the URL. */
  query: string;
  onSearch: (text: string) => void;
}

function MicIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1A7 7 0 0 0 19 11z"
      />
    </svg>
  );
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" />
    </svg>
  );
}

/** Search box with a debounced search and voice input (hi-IN). */
export function SearchBox({ query, onSearch }: SearchBoxProps) {
  const { t } = useTranslation('directory');
  const inputId = useId();
  const [text, setText] = useState(query);
  const committed = useRef(query);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const inputRef = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();

  const commit = (value: string) => {
    committed.current = normaliseSearchQuery(value);
    onSearchRef.current(value);
  };

  // `/` is prerendered: on a slow phone the box takes typing seconds before the app hydrates
  // it, and hydration starts from React's state (''), not from what is in the box. Take over
  // what the visitor typed meanwhile; the debounced search below then runs it.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed !== text) setText(typed.slice(0, MAX_INPUT_LENGTH));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration: what was typed before it
  }, []);

  // The URL changed by other means (back/forward, a category chosen): show its search.
  useEffect(() => {
    if (query !== committed.current) {
      committed.current = query;
      setText(query);
    }
  }, [query]);

  // Debounced search while typing.
  useEffect(() => {
    const typed = normaliseSearchQuery(text);
    if (typed === committed.current) return;
    // The results will suggest categories by keyword: download those while the debounce waits.
    if (typed !== '') loadCategoryDetails().catch(() => undefined);
    const timer = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const voice = useVoiceSearch(
    (spoken) => {
      const value = spoken.slice(0, MAX_INPUT_LENGTH);
      setText(value);
      commit(value);
    },
    (problem: VoiceProblem) => {
      const title =
        problem === 'unsupported'
          ? t('search.voiceUnsupported')
          : problem === 'denied'
            ? t('search.voiceDenied')
            : problem === 'silent'
              ? t('search.voiceSilent')
              : t('search.voiceFailed');
      toast({ title });
    },
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    commit(text);
  };

  return (
    // A GET form to `/?q=`: before the app has started (the prerendered `/`), Enter or the
    // search button loads the results page; once it runs, the search happens in place.
    <form role="search" className="directory-search" action="/" method="get" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.label')}
      </label>
      <div className="directory-search__row">
        <span className="directory-search__icon" aria-hidden="true">
          <SearchIcon />
        </span>
        <input
          ref={inputRef}
          id={inputId}
          className="directory-search__input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          name={PARAM.query}
          maxLength={MAX_INPUT_LENGTH}
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {text ? (
          <button
            type="button"
            className="directory-search__clear"
            aria-label={t('search.clear')}
            onClick={() => {
              setText('');
              commit('');
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        {/* Voice needs the app: inactive (and shown so) until it has started. */}
        <button
          type="button"
          className={`directory-search__voice${voice.listening ? ' directory-search__voice--on' : ''}`}
          aria-label={t('search.voice')}
          aria-pressed={voice.listening}
          aria-disabled={hydrated ? undefined : true}
          onFocus={() => void loadVoiceRecognition().catch(() => undefined)}
          onPointerEnter={() => void loadVoiceRecognition().catch(() => undefined)}
          onClick={hydrated ? (voice.listening ? voice.stop : voice.start) : undefined}
        >
          <MicIcon />
        </button>
        <button type="submit" className="ui-button ui-button--primary directory-search__submit">
          {t('search.submit')}
        </button>
      </div>
      <p className="directory-search__status" role="status">
        {voice.listening ? t('search.listening') : ''}
      </p>
    </form>
  );
}
