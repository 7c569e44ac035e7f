import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@visus/contracts';

/** The login form is checked by the API's own schema (loaded with the first submit, see login-page). */
export const loginResolver = zodResolver(loginBodySchema);
