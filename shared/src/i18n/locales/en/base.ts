// What the page needs of English before its first render: one module, so the bundler gives it
// its own chunk (loaded by ../../resources.ts). The shell and the home page render common and
// directory; the shell's admin pages render a few admin keys themselves (document titles, the
// not-authorised page, even when the admin remote never loads), so those are here too. The
// rest of each namespace comes with its remote.
import common from './common.json';
import directory from './directory.json';
import adminShell from './admin-shell.json';

const base = { common, directory, admin: adminShell };
export default base;
