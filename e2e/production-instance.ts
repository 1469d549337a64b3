// The second product instance of the browser tests: production mode, serving the store
// role (playwright.config.ts starts it; production.spec.ts drives it).

const apiPort = Number(process.env.E2E_API_PORT ?? 3100) + 10;
const webPort = Number(process.env.E2E_WEB_PORT ?? 8180) + 10;

export const PRODUCTION = {
  apiPort,
  webPort,
  apiUrl: `http://localhost:${apiPort}`,
  webUrl: `http://localhost:${webPort}`,
  role: 'store',
  admin: { loginId: 'ops@e2e.kabadi.in', password: 'e2e-production-admin' },
} as const;
