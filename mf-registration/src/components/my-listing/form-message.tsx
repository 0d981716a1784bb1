/** The outcome of a save, announced politely (an error assertively). */
export function FormMessage({ message }: { message: { tone: 'ok' | 'error'; text: string } | null }) {
  return (
    <p
      className={`my-listing__message my-listing__message--${message?.tone ?? 'ok'}`}
      role={message?.tone === 'error' ? 'alert' : 'status'}
    >
      {message?.text ?? null}
    </p>
  );
}
