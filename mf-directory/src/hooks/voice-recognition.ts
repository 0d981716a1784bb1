import type { VoiceProblem } from './use-voice-search';

/** The parts of the Web Speech API this module uses (not in TypeScript's DOM types). */
interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}
interface RecognitionErrorEvent {
  error: string;
}
export interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  onresult: ((e: RecognitionResultEvent) => void) | null;
  onerror: ((e: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => SpeechRecognitionLike;

function getSpeechRecognition(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/**
 * Nothing heard for this long after the microphone opened: stop and say so. Browsers end a
 * silent recognition themselves only sometimes (Chrome on Android may keep listening forever).
 */
const VOICE_SILENCE_TIMEOUT_MS = 8000;

/** What the hook keeps between starts (its refs), and how it hears back. */
export interface VoiceSession {
  recognition: { current: SpeechRecognitionLike | null };
  silenceTimer: { current: ReturnType<typeof setTimeout> | null };
  stoppedByUser: { current: boolean };
  callbacks: { current: { onText: (text: string) => void; onProblem: (problem: VoiceProblem) => void } };
  setListening: (listening: boolean) => void;
}

/** Starts speech recognition in hi-IN (a chunk of its own: loaded on the first tap of the microphone). */
export function startRecognition({ recognition, silenceTimer, stoppedByUser, callbacks, setListening }: VoiceSession) {
  const clearSilenceTimer = () => {
    if (silenceTimer.current) clearTimeout(silenceTimer.current);
    silenceTimer.current = null;
  };
  const Recognition = getSpeechRecognition();
  if (!Recognition) {
    callbacks.current.onProblem('unsupported');
    return;
  }
  clearSilenceTimer();
  recognition.current?.abort();
  stoppedByUser.current = false;
  let r: SpeechRecognitionLike;
  try {
    r = new Recognition();
  } catch {
    callbacks.current.onProblem('unsupported');
    return;
  }
  r.lang = 'hi-IN';
  r.interimResults = false;
  r.maxAlternatives = 1;
  r.continuous = false;
  let heard = false;
  r.onresult = (e) => {
    const text = Array.from(e.results)
      .map((alternatives) => alternatives[0]?.transcript ?? '')
      .join(' ')
      .trim();
    if (text) {
      heard = true;
      clearSilenceTimer();
      callbacks.current.onText(text);
    }
  };
  r.onerror = (e) => {
    heard = true; // reported here; onend must not report it again
    clearSilenceTimer();
    if (e.error === 'aborted') return;
    callbacks.current.onProblem(
      e.error === 'not-allowed' || e.error === 'service-not-allowed' ? 'denied' : e.error === 'no-speech' ? 'silent' : 'failed',
    );
  };
  r.onend = () => {
    clearSilenceTimer();
    setListening(false);
    if (recognition.current === r) recognition.current = null;
    if (!heard && !stoppedByUser.current) callbacks.current.onProblem('failed');
  };
  recognition.current = r;
  try {
    r.start();
    setListening(true);
    silenceTimer.current = setTimeout(() => {
      silenceTimer.current = null;
      if (recognition.current !== r || heard) return;
      heard = true; // reported here; onend must not report it again
      recognition.current = null;
      r.abort();
      setListening(false);
      callbacks.current.onProblem('silent');
    }, VOICE_SILENCE_TIMEOUT_MS);
  } catch {
    recognition.current = null;
    callbacks.current.onProblem('failed');
  }
}
