/**
 * The screens a user opens next are tiny chunks: the router fetches them ahead, so the recovery link and
 * the sign-in switch at once. (Here rather than in the pages, which would import the shell and each other.)
 */
export function prefetchAfterLogin(): void {
  void import('../features/auth/pages/forgot-password-page');
  void import('./layout/admin-layout');
}

export function prefetchLogin(): void {
  void import('../features/auth/pages/login-page');
}
