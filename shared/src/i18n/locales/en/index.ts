// English resources of every bundled namespace, whole: the types of all keys come from here
// (../../resources.ts), and code that is not the page uses it (../../all-resources.ts). The page
// downloads them in parts instead: ./base.ts before the first render, the other namespaces
// with their remotes (../../resources.ts). Legal texts are separate.
import common from './common.json';
import directory from './directory.json';
import profile from './profile.json';
import registration from './registration.json';
import ads from './ads.json';
import adminShell from './admin-shell.json';
import admin from './admin.json';

// The admin namespace is two files: admin-shell.json holds the keys the shell renders itself
// (its admin pages' titles and the not-authorised page), the rest is the admin remote's.
const en = { common, directory, profile, registration, ads, admin: { ...adminShell, ...admin } };
export default en;
