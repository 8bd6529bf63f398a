/*
 * The sign-in page (login.html, served at `/` and `/login`): the form without React nor MUI, so a phone's
 * first download is a few kilobytes (decision 0025). The app's code is fetched while the sign-in travels,
 * then started in this same page at the landing address.
 */

import { mountSignIn } from './features/auth/sign-in/sign-in-form';
import { landingPath } from './lib/landing';
import { getSession } from './lib/session-store';

const loadApp = () => import('./app/start');

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

const session = getSession();
if (session) {
  // Signed in already: the app starts at the first page the permissions allow, whose code (not the sign-in
  // page's) it then fetches first, as after a sign-in.
  history.replaceState(null, '', landingPath(session.permissions, session.func));
  void loadApp().then(({ startApp }) => startApp());
} else {
  mountSignIn(root, {
    onSubmit: () => void loadApp(),
    onSignedIn: (session) => {
      history.replaceState(null, '', landingPath(session.permissions, session.func));
      // The form stays on screen, its button spinning, until React draws the landing page in its place.
      // Its code could not be fetched: the browser opens the landing address (the app's page, or the offline copy).
      void loadApp().then(
        ({ startApp }) => startApp(),
        () => window.location.reload(),
      );
    },
  });
}
