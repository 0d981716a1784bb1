// Hindi resources of every bundled namespace, whole (see ../en/index.ts). Legal texts are separate.
import type en from '../en/index';
import common from './common.json';
import directory from './directory.json';
import profile from './profile.json';
import registration from './registration.json';
import ads from './ads.json';
import adminShell from './admin-shell.json';
import admin from './admin.json';

// Typed as the English resources: a key missing in Hindi fails the type check.
const hi: typeof en = { common, directory, profile, registration, ads, admin: { ...adminShell, ...admin } };
export default hi;
