// Renders the real route table at a path, inside the real providers.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SESSION_STORAGE_KEYS } from '@gets/schema';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';

export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, ...view };
}

export function storeUserSession(user: Record<string, unknown>, token = 'user-token'): void {
  window.localStorage.setItem(SESSION_STORAGE_KEYS.user, JSON.stringify({ token, user }));
}

export const EARNER = {
  _id: 'u1',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  userName: 'ada',
  userType: 'EARNER',
  status: 'APPROVED',
  isVerified: false,
  profilePic: '',
  account: '0x1111111111111111111111111111111111111111',
  emailClaimReminder: true,
  emailApplicationDigest: true,
};

export const VERIFIED_SPONSOR = {
  ...EARNER,
  _id: 'u2',
  email: 'school@example.com',
  fullName: 'Springfield School',
  userName: 'springfield',
  userType: 'SPONSOR',
  isVerified: true,
};
