/**
 * The screens a user opens next: the login page fetches the shell when the form is sent, while the sign-in
 * travels (not on its first load: a phone's data, decision 0021). (Here rather than in the pages, which
 * would import the shell and each other.)
 */
export function prefetchAfterLogin(): void {
  void import('./layout/admin-layout');
}

export function prefetchLogin(): void {
  void import('../features/auth/pages/login-page');
}
