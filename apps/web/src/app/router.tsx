import { createBrowserRouter } from 'react-router';
import { appRoutes } from './routes';

/** History-API routing: the server answers every screen's URL with index.html (history fallback). */
export const router = createBrowserRouter(appRoutes);
