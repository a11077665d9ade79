// The route table (spec section 2). It holds only the screens that are built;
// later issues add theirs to `pageRoutes` below — keep '*' last.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { AdminLoginRoute } from './routes/admin-login';
import { DashboardRoute } from './routes/dashboard';
import { ForgotPasswordRoute } from './routes/forgot-password';
import { GetCryptoRoute } from './routes/get-crypto';
import { HomeRoute } from './routes/home';
import { HowItWorksRoute } from './routes/how-it-works';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { ProfileRoute } from './routes/profile';
import { RegisterRoute } from './routes/register';
import { RouteErrorScreen } from './routes/route-error';
import { VerifyEmailRoute } from './routes/verify-email';

/** Pages rendered inside the header/footer chrome. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  { path: 'how-it-works', element: <HowItWorksRoute /> },
  { path: 'get-crypto', element: <GetCryptoRoute /> },
  { path: 'login', element: <LoginRoute /> },
  { path: 'register', element: <RegisterRoute /> },
  { path: 'verify-email/:email', element: <VerifyEmailRoute /> },
  { path: 'forgot-password', element: <ForgotPasswordRoute /> },
  { path: 'profile', element: <ProfileRoute /> },
  { path: 'admin/login', element: <AdminLoginRoute /> },
  { path: 'dashboard', element: <DashboardRoute /> },
  { path: '*', element: <NotFoundRoute /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
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
