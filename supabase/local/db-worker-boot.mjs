// Entry of the PGlite worker thread (see WorkerDb in db.ts). Node 20 does not carry the
// parent's TypeScript hooks (tsx, jest's transform) into a worker, so register tsx's
// CommonJS hook here (tsx/esm alone fails on this package's CommonJS-typed .ts files),
// then load the TypeScript worker.
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
createRequire(import.meta.url)('./db-worker.ts');
