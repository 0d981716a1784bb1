// Entry of the PGlite worker thread (see WorkerDb in worker-db.ts). A worker thread does not get
// jest's in-process transform (nor, depending on how Node was started, tsx's hooks), so
// register tsx's CommonJS hook here (tsx/esm alone fails on this package's CommonJS-typed
// .ts files), then load the TypeScript worker.
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
createRequire(import.meta.url)('./worker.ts');
