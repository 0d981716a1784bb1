// English resources of every bundled namespace: one module, so the bundler gives the language
// its own chunk (loaded by ../../resources.ts on demand). Legal texts are separate.
import common from './common.json';
import directory from './directory.json';
import profile from './profile.json';
import registration from './registration.json';
import ads from './ads.json';
import admin from './admin.json';

const en = { common, directory, profile, registration, ads, admin };
export default en;
