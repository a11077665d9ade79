// The route table (spec section 2); keep '*' last. Home and the 404 page are
// in the first load; every other page loads its code when it is first opened
// (route-level splitting keeps the first load of `/` small).
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorScreen } from './routes/route-error';

/** A page at `path` whose code loads when it is first opened; `name` is the component's export. */
function lazyPage<Module extends Record<string, unknown>>(
  path: string,
  load: () => Promise<Module>,
  name: keyof Module & string,
): RouteObject {
  return { path, lazy: async () => ({ Component: (await load())[name] as ComponentType }) };
}

/** Pages rendered inside the header/footer chrome. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  lazyPage('how-it-works', () => import('./routes/how-it-works'), 'HowItWorksRoute'),
  lazyPage('stake', () => import('./routes/stake'), 'StakeRoute'),
  lazyPage('get-crypto', () => import('./routes/get-crypto'), 'GetCryptoRoute'),
  lazyPage('login', () => import('./routes/login'), 'LoginRoute'),
  lazyPage('register', () => import('./routes/register'), 'RegisterRoute'),
  lazyPage('verify-email/:email', () => import('./routes/verify-email'), 'VerifyEmailRoute'),
  lazyPage('forgot-password', () => import('./routes/forgot-password'), 'ForgotPasswordRoute'),
  lazyPage('profile', () => import('./routes/profile'), 'ProfileRoute'),
  lazyPage('admin/login', () => import('./routes/admin-login'), 'AdminLoginRoute'),
  lazyPage('admin/security', () => import('./routes/admin-security'), 'AdminSecurityRoute'),
  // Issue 45: the "This wasn't me" link of a new-sign-in mail.
  lazyPage('security/not-me', () => import('./routes/not-me'), 'NotMeRoute'),
  lazyPage('admin/sponsor/:id', () => import('./routes/admin-sponsor'), 'AdminSponsorRoute'),
  lazyPage('dashboard', () => import('./routes/dashboard'), 'DashboardRoute'),
  // Issue 46: a sponsor's API keys and webhook endpoints.
  lazyPage('developers', () => import('./routes/developers'), 'DevelopersRoute'),
  // Beyond the spec: public verification of Open Badges credentials.
  lazyPage('verify', () => import('./routes/verify'), 'VerifyRoute'),
  lazyPage(
    'verify/:credentialId',
    () => import('./routes/verify-credential'),
    'VerifyCredentialRoute',
  ),
  // Beyond the spec: the unsubscribe link of whitelist invitation mails (UNSUBSCRIBE_PATH; the
  // route table spells it out rather than pull the schemas into the first load).
  lazyPage('unsubscribe', () => import('./routes/unsubscribe'), 'UnsubscribeRoute'),
  lazyPage('explore', () => import('./routes/explore'), 'ExploreRoute'),
  lazyPage('search', () => import('./routes/search'), 'SearchRoute'),
  lazyPage('badge', () => import('./routes/create-badge'), 'CreateBadgeRoute'),
  lazyPage(
    'badge/application/:id',
    () => import('./routes/badge-applications'),
    'BadgeApplicationsRoute',
  ),
  lazyPage('badge/:id', () => import('./routes/badge-detail'), 'BadgeDetailRoute'),
  // Beyond the spec: where transaction hashes link when the server names no block explorer.
  lazyPage('tx/:hash', () => import('./routes/transaction'), 'TransactionRoute'),
  { path: '*', element: <NotFoundRoute /> },
];

/** The screen while the first page's code loads (the data router's HydrateFallback). */
function PageLoading() {
  return (
    <div role="status" aria-label="Loading page" className="grid min-h-screen place-items-center">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-800"
      />
    </div>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // While the first page's code loads (the data router's HydrateFallback): the layout mounts
    // with its page, as it did before, so its session reads start with the page's.
    hydrateFallbackElement: <PageLoading />,
    // Last resort: the chrome itself failed, so the error shows on its own.
    errorElement: (
      <main>
        <RouteErrorScreen />
      </main>
    ),
    children: [
      {
        // A page that fails shows the error inside the chrome, so the header still works.
        errorElement: <RouteErrorScreen />,
        children: pageRoutes,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
