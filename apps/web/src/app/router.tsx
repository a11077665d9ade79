// The route table (spec section 2). It holds only the screens that are built;
// later issues add theirs to `pageRoutes` below — keep '*' last.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { GetCryptoRoute } from './routes/get-crypto';
import { HomeRoute } from './routes/home';
import { HowItWorksRoute } from './routes/how-it-works';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorScreen } from './routes/route-error';

/** Pages rendered inside the header/footer chrome. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  { path: 'how-it-works', element: <HowItWorksRoute /> },
  { path: 'get-crypto', element: <GetCryptoRoute /> },
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
