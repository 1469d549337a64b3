import { requireAuth } from '../../auth/guards';

export const bearer = [{ bearer: [] }];

export const signedIn = requireAuth();
export const adminOnly = requireAuth({ roles: ['admin'] });
