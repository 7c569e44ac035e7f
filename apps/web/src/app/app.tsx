import { StrictMode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import type { AppStore } from './store';
import { router } from './router';
import { theme } from './theme';
import './reduced-motion.css';
import './forced-colours.css';

/**
 * The theme has no CSS variables, so it goes to the provider MUI's own ThemeProvider picks for such a
 * theme (MUI's ThemeProviderNoVars is @mui/system's ThemeProvider; `vars` null, as MUI sets it), without
 * downloading MUI's CSS-variables provider: room in the guest screens' start-up JS budget for the
 * languages of issue 20 (docs/adr/0028).
 */
const themeWithoutVars = { ...theme, vars: null };

/** Composes the store, the theme and the router. */
export function App({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={themeWithoutVars}>
          <CssBaseline />
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}
