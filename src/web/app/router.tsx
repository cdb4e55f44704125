import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '#web/features/auth/components/require-auth.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { RouteError } from './layouts/route-error.tsx';

/** Every page is its own chunk, loaded when its route is first visited. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** Spec section 2: public routes, protected routes behind the guard, and a 404 for the rest. */
export const routes: RouteObject[] = [
  {
    // Last resort when the layout itself fails.
    errorElement: <RouteError />,
    element: <AppLayout />,
    children: [
      {
        // Errors inside a page keep the header and navigation.
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import('./routes/feed.tsx')) },
          { path: 'search', lazy: page(() => import('./routes/search.tsx')) },
          { path: 'product/:id', lazy: page(() => import('./routes/product.tsx')) },
          { path: 'household/:id', lazy: page(() => import('./routes/household.tsx')) },
          { path: 'buyer/:id', lazy: page(() => import('./routes/buyer.tsx')) },
          { path: 'login', lazy: page(() => import('./routes/login.tsx')) },
          { path: 'signup', lazy: page(() => import('./routes/signup.tsx')) },
          { path: 'verify-email', lazy: page(() => import('./routes/verify-email.tsx')) },
          { path: 'forgot-password', lazy: page(() => import('./routes/forgot-password.tsx')) },
          { path: 'reset-password', lazy: page(() => import('./routes/reset-password.tsx')) },
          {
            element: <RequireAuth />,
            children: [
              { path: 'basket', lazy: page(() => import('./routes/basket.tsx')) },
              { path: 'checkout', lazy: page(() => import('./routes/checkout.tsx')) },
              { path: 'orders', lazy: page(() => import('./routes/orders.tsx')) },
              { path: 'profile', lazy: page(() => import('./routes/profile.tsx')) },
            ],
          },
          {
            // Spec section 6: non-producers on the dashboard go to /profile.
            path: 'producer/dashboard',
            element: <RequireAuth userType="producer" fallbackPath="/profile" />,
            children: [{ index: true, lazy: page(() => import('./routes/producer-dashboard.tsx')) }],
          },
          { path: '*', lazy: page(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
