import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SCREENS } from '@gets/schema';
import { RouteErrorScreen } from './route-error';

function Broken(): never {
  throw new Error('Badge list exploded');
}

describe('router error screen', () => {
  it('shows the spec title, the error message and a way home when a route throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [{ path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { name: SCREENS.routerError })).toBeTruthy();
    expect(screen.getByText('Badge list exploded')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
  });

  it('shows status and text of an error response', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: () => {
            throw new Response(null, { status: 503, statusText: 'Service Unavailable' });
          },
          element: <p>never</p>,
          hydrateFallbackElement: <p>loading</p>,
          errorElement: <RouteErrorScreen />,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('503 Service Unavailable')).toBeTruthy();
  });
});
