// What the page needs of Hindi before its first render (see ../en/base.ts).
import type en from '../en/base';
import common from './common.json';
import directory from './directory.json';
import adminShell from './admin-shell.json';

// Typed as the English part: a key missing in Hindi fails the type check.
const base: typeof en = { common, directory, admin: adminShell };
export default base;
