import { REMOTE_PARAMS } from '@city/shared';
import { PARAM } from '../directory-params';

// The shell reads these names from the route manifest (to preload data for a list or a search,
// and to keep the prerendered home off a page that shows one): a parameter added here and not
// there would go unnoticed by the shell.
test('the URL parameters this module uses are the ones the route manifest says it owns', () => {
  expect(PARAM).toEqual(REMOTE_PARAMS.mf_directory);
});
