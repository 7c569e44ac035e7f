import { StrictMode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import type { AppStore } from './store';
import { router } from './router';
import { theme } from './theme';
import './reduced-motion.css';
import './forced-colours.css';

/** Composes the store, the theme and the router. */
export function App({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}
