/** npm start / npm run dev: show the phone sign-in codes the local backend "sends". */
import { closeSync, openSync, readSync, statSync, unwatchFile, watchFile } from 'node:fs';

/**
 * Locally no SMS is sent: the backend appends each sign-in code to the outbox file. Prints
 * every line added after start, so the developer sees the code. Returns a stop function.
 */
export function printSmsOutbox(file: string): () => void {
  const sizeOf = () => {
    try {
      return statSync(file).size;
    } catch {
      return 0;
    }
  };
  let offset = sizeOf();
  let partial = '';
  const readNew = () => {
    const size = sizeOf();
    if (size < offset) offset = 0; // the file was replaced
    if (size === offset) return;
    const fd = openSync(file, 'r');
    try {
      const buf = Buffer.alloc(size - offset);
      readSync(fd, buf, 0, buf.length, offset);
      offset = size;
      const lines = (partial + buf.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        try {
          const { phone, code } = JSON.parse(line) as { phone: string; code: string };
          console.log(`  [sms] sign-in code for +${phone}: ${code}  (${file})`);
        } catch {
          /* not a line of ours */
        }
      }
    } finally {
      closeSync(fd);
    }
  };
  watchFile(file, { interval: 500 }, readNew);
  return () => unwatchFile(file);
}
