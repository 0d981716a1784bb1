import { useCallback, useEffect, useRef, useState } from 'react';
import type { SpeechRecognitionLike } from './voice-recognition';

export type { SpeechRecognitionLike } from './voice-recognition';

export type VoiceProblem = 'unsupported' | 'denied' | 'failed' | 'silent';

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

  // The recognition code is not first-render code: it loads on the first tap (then at once).
  const start = useCallback(() => {
    import(/* webpackChunkName: "voice-recognition" */ './voice-recognition').then(
      ({ startRecognition }) => live.current && startRecognition({ recognition, silenceTimer, stoppedByUser, callbacks, setListening }),
      () => live.current && callbacks.current.onProblem('failed'),
    );
  }, []);

  return { listening, start, stop };
}
