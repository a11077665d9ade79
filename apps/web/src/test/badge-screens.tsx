// The set-up the badge screen tests share (features/badges/*.test.tsx): an API
// stub answering by path, a sponsor, the admin's session, and one component
// rendered on its own inside the app's providers.
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ADMIN_MARKER_KEY, SESSION_STORAGE_KEYS } from '@gets/schema';
import { AppProvider } from '@/app/provider';
import { BadgeDetailsProvider } from '@/features/badges';
import { VERIFIED_SPONSOR } from './render-route';

export type Answer = { status?: number; message?: string; data?: unknown };
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export function stubApi(answer: (call: Call) => Answer | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const [path, search] = url.replace('/gs-api', '').split('?');
    const call: Call = {
      method: init.method ?? 'GET',
      path: path!,
      query: new URLSearchParams(search ?? ''),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const found = answer(call);
    if (!found)
      return Promise.resolve(new Response('{"message":"Route not found"}', { status: 404 }));
    return Promise.resolve(
      new Response(JSON.stringify({ message: found.message ?? 'ok', data: found.data ?? null }), {
        status: found.status ?? 200,
      }),
    );
  });
  return calls;
}

export const SPONSOR = { ...VERIFIED_SPONSOR, _id: 'sponsor-1', onChainId: '7' };

export const field = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { exact: true });

export function storeAdmin() {
  window.localStorage.setItem(
    SESSION_STORAGE_KEYS.admin,
    JSON.stringify({
      token: 'admin-token',
      adminDetails: { _id: 'a1', email: 'root@example.com' },
    }),
  );
  window.localStorage.setItem(ADMIN_MARKER_KEY, 'true');
}

/** A component on its own, inside the app's providers and a router (admin screens). */
export function renderAlone(element: React.ReactNode) {
  const router = createMemoryRouter([
    { path: '*', element: <BadgeDetailsProvider>{element}</BadgeDetailsProvider> },
  ]);
  return render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}
