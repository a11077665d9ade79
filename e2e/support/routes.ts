// Pages of the route table a visitor opens without anything to set up first
// (apps/web/src/app/router.tsx), the 404 page last.
export const VISITOR_PAGES = [
  '/',
  '/how-it-works',
  '/stake',
  '/get-crypto',
  '/login',
  '/register',
  '/verify-email/someone%40e2e.test',
  '/forgot-password',
  '/admin/login',
  '/verify',
  '/verify/00000000-0000-4000-8000-000000000000',
  '/explore',
  '/search',
  // The unsubscribe link of an invitation mail (a token of no invitation: the page is the same).
  `/unsubscribe?token=${'A'.repeat(43)}`,
  '/no-such-page',
] as const;
