import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { passwordVerifierChallenge, type SrpChallenge } from './cognito-srp';

// A Cognito user pool for the tests of AUTH_PROVIDER=cognito (decision 038), used by the API
// tests (features/auth/cognito-local.test.ts) and the browser test (e2e/cognito.spec.ts).
//
// cognito-local (a devDependency) serves the user-pool API offline. It runs as a child
// process in a temporary folder of its own (its data is `<folder>/.cognito/`) on a free
// port, and is reached through a small front on another free port, which is the endpoint
// the product is given (COGNITO_ENDPOINT, Amplify's userPoolEndpoint) and the issuer
// domain of the tokens. The front passes everything through, except two calls of the
// real service that cognito-local lacks and the product's Amplify makes:
// - USER_SRP_AUTH and its PASSWORD_VERIFIER challenge (Amplify's default sign-in): the
//   front answers the SRP exchange itself (cognito-srp.ts), with the password cognito-local
//   keeps for the user, and then signs the user in with USER_PASSWORD_AUTH;
// - GetTokensFromRefreshToken (Amplify's refresh since v6.15): answered with
//   InitiateAuth REFRESH_TOKEN_AUTH, which gives the same tokens without rotation.
// The pool takes the e-mail address as the username (no UsernameAttributes): the API maps
// the access token's `username` to the member's login id.

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const START_TIMEOUT_MS = 30_000;

export interface PoolTokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
}

/** InitiateAuth's and RespondToAuthChallenge's answer: tokens, or the next challenge. */
export interface AuthAnswer {
  AuthenticationResult?: PoolTokens;
  ChallengeName?: string;
  ChallengeParameters?: Record<string, string>;
  Session?: string;
}

/** A call the pool's endpoint received: the operation, and its auth flow or challenge. */
export interface PoolCall {
  target: string;
  authFlow?: string;
  challenge?: string;
}

/** An error answer of the pool (`__type` as Cognito names it, e.g. NotAuthorizedException). */
export class PoolError extends Error {
  override name = 'PoolError';
  constructor(
    readonly type: string,
    readonly status: number,
    message: string,
  ) {
    super(`${type}: ${message}`);
  }
}

export interface LocalUserPool {
  /** COGNITO_ENDPOINT and Amplify's userPoolEndpoint: http://127.0.0.1:<port>. */
  endpoint: string;
  userPoolId: string;
  /** The web app's client (no secret). */
  clientId: string;
  /** The `iss` of the pool's tokens: `<endpoint>/<userPoolId>`. */
  issuer: string;
  /** What reached the endpoint, oldest first (the tests' own calls included). */
  calls: PoolCall[];
  /** One operation of the user-pool API at the endpoint; an error answer throws PoolError. */
  call<T = Record<string, unknown>>(target: string, body: Record<string, unknown>): Promise<T>;
  /** AdminCreateUser: a user an operator made, with a temporary password (FORCE_CHANGE_PASSWORD). */
  adminCreateUser(loginId: string, temporaryPassword: string): Promise<void>;
  /** AdminSetUserPassword, permanent: the user is CONFIRMED and signs in with it. */
  setPassword(loginId: string, password: string): Promise<void>;
  /** InitiateAuth with USER_PASSWORD_AUTH, as a client that is not Amplify would. */
  signIn(loginId: string, password: string, clientId?: string): Promise<AuthAnswer>;
  /** CreateUserPoolClient: another app client of the same pool. */
  createClient(name: string, extra?: Record<string, unknown>): Promise<string>;
  /** Stops cognito-local and the front, and removes the pool's folder. */
  stop(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
}

interface SrpSession {
  challenge: SrpChallenge;
  userId: string;
  password: string;
  clientId: string;
  clientMetadata: unknown;
}

const requireHere = createRequire(import.meta.url);
const cognitoLocalBin = path.join(path.dirname(requireHere.resolve('cognito-local/package.json')), 'lib/bin/start.js');

const errorAnswer = (status: number, type: string, message: string): Answer => ({ status, body: { __type: type, message } });

/** Starts cognito-local with one pool and one web client; stop() ends it. */
export async function startCognitoLocal(options: { poolName?: string } = {}): Promise<LocalUserPool> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-cognito-'));
  const calls: PoolCall[] = [];
  const sessions = new Map<string, SrpSession>();
  let backend = '';
  let userPoolId = '';
  let child: ChildProcess | null = null;

  /** One operation straight at cognito-local. */
  const backendCall = async (target: string, body: unknown): Promise<Answer> => {
    const response = await fetch(`${backend}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}${target}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  };

  /** The user as cognito-local keeps it (its data file holds the password, which SRP needs). */
  const findUser = async (username: string): Promise<{ Username: string; Password: string; Enabled?: boolean } | null> => {
    const file = path.join(dir, '.cognito', 'db', `${userPoolId}.json`);
    for (let attempt = 0; ; attempt++) {
      try {
        const users = (JSON.parse(fs.readFileSync(file, 'utf8')) as { Users?: Record<string, { Username: string; Password: string; Enabled?: boolean; Attributes?: { Name: string; Value: string }[] }> }).Users ?? {};
        // As cognito-local looks users up: by username, else by sub.
        return users[username] ?? Object.values(users).find((u) => u.Attributes?.some((a) => a.Name === 'sub' && a.Value === username)) ?? null;
      } catch (error) {
        // cognito-local may be rewriting the file this very moment.
        if (!(error instanceof SyntaxError) || attempt >= 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };

  const startSrp = async (request: { ClientId?: string; AuthParameters?: Record<string, string>; ClientMetadata?: unknown }): Promise<Answer> => {
    const username = request.AuthParameters?.USERNAME;
    const srpA = request.AuthParameters?.SRP_A;
    if (!username || !srpA || !request.ClientId) return errorAnswer(400, 'InvalidParameterException', 'USERNAME, SRP_A and ClientId are required');
    const user = await findUser(username);
    if (!user) return errorAnswer(400, 'UserNotFoundException', 'User does not exist.');
    if (user.Enabled === false) return errorAnswer(400, 'NotAuthorizedException', 'User is disabled.');
    const challenge = passwordVerifierChallenge({ userPoolId, userId: user.Username, password: user.Password, srpA });
    const session = randomUUID();
    sessions.set(session, { challenge, userId: user.Username, password: user.Password, clientId: request.ClientId, clientMetadata: request.ClientMetadata });
    return { status: 200, body: { ChallengeName: 'PASSWORD_VERIFIER', ChallengeParameters: challenge.parameters, Session: session } };
  };

  const finishSrp = async (request: { Session?: string; ChallengeResponses?: Record<string, string> }): Promise<Answer> => {
    const state = request.Session ? sessions.get(request.Session) : undefined;
    if (!state) return errorAnswer(400, 'NotAuthorizedException', 'Invalid session for the user.');
    sessions.delete(request.Session!);
    if (!state.challenge.verify(request.ChallengeResponses ?? {})) return errorAnswer(400, 'NotAuthorizedException', 'Incorrect username or password.');
    // The password is proven: cognito-local signs the user in (tokens, or NEW_PASSWORD_REQUIRED).
    return backendCall('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: state.clientId,
      AuthParameters: { USERNAME: state.userId, PASSWORD: state.password },
      ClientMetadata: state.clientMetadata,
    });
  };

  const refreshTokens = async (request: { ClientId?: string; RefreshToken?: string; ClientMetadata?: unknown }): Promise<Answer> => {
    const answer = await backendCall('InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: request.ClientId,
      AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
      ClientMetadata: request.ClientMetadata,
    });
    if (answer.status !== 200) return answer;
    return { status: 200, body: { AuthenticationResult: (answer.body as AuthAnswer).AuthenticationResult } };
  };

  const reply = (res: http.ServerResponse, answer: Answer) => {
    const type = (answer.body as { __type?: string }).__type;
    res.writeHead(answer.status, {
      'content-type': 'application/x-amz-json-1.1',
      'access-control-allow-origin': '*',
      'x-amzn-requestid': randomUUID(),
      ...(type ? { 'x-amzn-errortype': type } : {}),
    });
    res.end(JSON.stringify(answer.body));
  };

  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => {
    const url = new URL(backend);
    const upstream = http.request({ host: url.hostname, port: url.port, method: req.method, path: req.url, headers: { ...req.headers, host: url.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
    upstream.end(body);
  };

  const front = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const header = req.headers['x-amz-target'];
      const target = typeof header === 'string' && header.startsWith(TARGET_PREFIX) ? header.slice(TARGET_PREFIX.length) : '';
      if (req.method !== 'POST' || !target) return forward(req, body, res);
      let request: Record<string, unknown>;
      try {
        request = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        return reply(res, errorAnswer(400, 'SerializationException', 'The body is not JSON'));
      }
      calls.push({
        target,
        ...(typeof request.AuthFlow === 'string' ? { authFlow: request.AuthFlow } : {}),
        ...(typeof request.ChallengeName === 'string' ? { challenge: request.ChallengeName } : {}),
      });
      let answer: Promise<Answer> | null = null;
      if (target === 'InitiateAuth' && request.AuthFlow === 'USER_SRP_AUTH') answer = startSrp(request);
      else if (target === 'RespondToAuthChallenge' && request.ChallengeName === 'PASSWORD_VERIFIER') answer = finishSrp(request);
      else if (target === 'GetTokensFromRefreshToken') answer = refreshTokens(request);
      if (!answer) return forward(req, body, res);
      answer.then(
        (a) => reply(res, a),
        (error: unknown) => reply(res, errorAnswer(500, 'InternalErrorException', String(error))),
      );
    });
  });

  const stop = async () => {
    front.closeAllConnections();
    await new Promise<void>((resolve) => front.close(() => resolve()));
    const running = child;
    if (running && running.exitCode === null && running.signalCode === null) {
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.kill('SIGTERM');
      const killLater = setTimeout(() => running.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killLater);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      front.once('error', reject);
      front.listen(0, '127.0.0.1', () => resolve());
    });
    const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    // Tokens name the front as their issuer's domain; pools keep the username as given.
    fs.mkdirSync(path.join(dir, '.cognito'), { recursive: true });
    fs.writeFileSync(path.join(dir, '.cognito', 'config.json'), JSON.stringify({ TokenConfig: { IssuerDomain: endpoint }, UserPoolDefaults: { UsernameAttributes: [] } }));

    const started = spawn(process.execPath, [cognitoLocalBin], {
      cwd: dir,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DEBUG: '', COGNITO_LOCAL_DEVMODE: '', NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    backend = await new Promise<string>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`cognito-local did not start within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
      const read = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        // eslint-disable-next-line no-control-regex
        const match = /running on (http:\/\/127\.0\.0\.1:\d+)/.exec(output.replace(/\x1b\[[0-9;]*m/g, ''));
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      };
      started.stdout.on('data', read);
      started.stderr.on('data', read);
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`cognito-local exited (${code}) before it started:\n${output}`));
      });
    });

    const call = async <T = Record<string, unknown>>(target: string, body: Record<string, unknown>): Promise<T> => {
      const response = await fetch(`${endpoint}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}${target}` },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const answer = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      if (!response.ok) throw new PoolError(String(answer.__type ?? 'UnknownError'), response.status, String(answer.message ?? text));
      return answer as T;
    };

    const pool = await call<{ UserPool: { Id: string } }>('CreateUserPool', {
      PoolName: options.poolName ?? 'kabadi-test',
      // The product's rule (design.md section 5): at least 6 characters.
      Policies: { PasswordPolicy: { MinimumLength: 6, RequireUppercase: false, RequireLowercase: false, RequireNumbers: false, RequireSymbols: false } },
    });
    userPoolId = pool.UserPool.Id;
    const createClient = async (name: string, extra: Record<string, unknown> = {}) => {
      const created = await call<{ UserPoolClient: { ClientId: string } }>('CreateUserPoolClient', {
        UserPoolId: userPoolId,
        ClientName: name,
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        // Cognito's defaults: an hour for the access and id tokens.
        AccessTokenValidity: 60,
        IdTokenValidity: 60,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
        ...extra,
      });
      return created.UserPoolClient.ClientId;
    };
    const clientId = await createClient('web');

    return {
      endpoint,
      userPoolId,
      clientId,
      issuer: `${endpoint}/${userPoolId}`,
      calls,
      call,
      createClient,
      async adminCreateUser(loginId, temporaryPassword) {
        await call('AdminCreateUser', {
          UserPoolId: userPoolId,
          Username: loginId,
          TemporaryPassword: temporaryPassword,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: loginId },
            { Name: 'email_verified', Value: 'true' },
          ],
        });
      },
      async setPassword(loginId, password) {
        await call('AdminSetUserPassword', { UserPoolId: userPoolId, Username: loginId, Password: password, Permanent: true });
      },
      signIn: (loginId, password, client = clientId) =>
        call<AuthAnswer>('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: client, AuthParameters: { USERNAME: loginId, PASSWORD: password } }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
