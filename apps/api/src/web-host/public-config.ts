import type { AppConfig } from '../config/config';

/** GET /config.json on the web port (design.md section 3): what the browser may know. */
export function publicConfig(config: AppConfig) {
  return {
    apiBaseUrl: config.API_BASE_URL,
    role: config.APP_ROLE,
    env: config.APP_ENV,
    auth: {
      provider: config.AUTH_PROVIDER,
      userPoolId: config.COGNITO_USER_POOL_ID ?? null,
      userPoolClientId: config.COGNITO_CLIENT_ID ?? null,
      domain: config.COGNITO_DOMAIN ?? null,
      redirectSignIn: config.COGNITO_REDIRECT_SIGN_IN ?? null,
      redirectSignOut: config.COGNITO_REDIRECT_SIGN_OUT ?? null,
      responseType: config.COGNITO_RESPONSE_TYPE ?? null,
      // Only for a pool that is not AWS's (decision 038): Amplify's userPoolEndpoint. Absent
      // otherwise, so the document is exactly design.md section 3's.
      ...(config.COGNITO_ENDPOINT ? { userPoolEndpoint: config.COGNITO_ENDPOINT } : {}),
    },
    // The maps' tiles and their credit (design.md section 18): MAP_TILE_URL, MAP_TILE_ATTRIBUTION(_URL).
    map: config.mapTiles,
  };
}
