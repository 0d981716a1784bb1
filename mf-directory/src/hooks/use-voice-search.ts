import { useCallback, useEffect, useRef, useState } from 'react';
import type { SpeechRecognitionLike } from './voice-recognition';

export type { SpeechRecognitionLike } from './voice-recognition';

export type VoiceProblem = 'unsupported' | 'denied' | 'failed' | 'silent';

let recognitionModule: typeof import('./voice-recognition') | null = null;

/** The recognition's chunk (not first-render code): the microphone's focus or first tap loads it. */
export function loadVoiceRecognition() {
  return import(/* webpackChunkName: "voice-recognition" */ './voice-recognition').then((m) => (recognitionModule = m));
}

/** Speech recognition in hi-IN: `onText` gets what was said; `onProblem` why nothing came. */
export function useVoiceSearch(onText: (text: string) => void, onProblem: (problem: VoiceProblem) => void) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const callbacks = useRef({ onText, onProblem });
  callbacks.current = { onText, onProblem };
  const silenceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stoppedByUser = useRef(false);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  useEffect(
    () => () => {
      if (silenceTimer.current) clearTimeout(silenceTimer.current);
      recognition.current?.abort();
    },
    [],
  );

  const stop = useCallback(() => {
    stoppedByUser.current = true;
    if (silenceTimer.current) clearTimeout(silenceTimer.current);
    silenceTimer.current = null;
    recognition.current?.stop();
  }, []);

  // Once its chunk is here (focus loads it), a tap starts at once, in the tap's own task.
  const start = useCallback(() => {
    const session = { recognition, silenceTimer, stoppedByUser, callbacks, setListening };
    if (recognitionModule) return recognitionModule.startRecognition(session);
    loadVoiceRecognition().then(
      (m) => live.current && m.startRecognition(session),
      () => live.current && callbacks.current.onProblem('failed'),
    );
  }, []);

  return { listening, start, stop };
}
