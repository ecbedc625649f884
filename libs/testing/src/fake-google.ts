import { createHash, randomBytes } from 'node:crypto';
import { listenOnLoopback, readBody } from './listen';

/** The OpenID userinfo document Google returns (https://openidconnect.googleapis.com/v1/userinfo). */
export interface GoogleUserinfo {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
  /** A Google Workspace account's domain. */
  hd?: string;
}

export interface FakeGoogle {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Env that points the gateway at this server. */
  env: Record<string, string>;
  /** The Google account that consents on the next authorization request. */
  signInAs(profile: GoogleUserinfo): void;
  /** Make the next authorization request end with error=access_denied (the user cancelled). */
  denyNext(): void;
  /** Requests to this endpoint are held unanswered while set (a Google that does not answer). */
  stall: 'token' | 'userinfo' | null;
  /** Requests to this endpoint are answered `ms` late (a slow Google), while set. */
  slow: { endpoint: 'token' | 'userinfo'; ms: number } | null;
  /** Every request received, for asserting what the gateway sent. */
  requests: { method: string; path: string; body?: string; authorization?: string }[];
  close(): Promise<void>;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An ID token as Google issues one: header, claims (iss, aud, sub, email, email_verified, iat, exp), signature. */
function idToken(profile: GoogleUserinfo, clientId: string, issuer: string): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: issuer,
    azp: clientId,
    aud: clientId,
    sub: profile.sub,
    ...(profile.email !== undefined ? { email: profile.email, email_verified: profile.email_verified ?? false } : {}),
    ...(profile.hd ? { hd: profile.hd } : {}),
    iat: now,
    exp: now + 3600,
  };
  return `${base64url({ alg: 'RS256', kid: 'fake-key', typ: 'JWT' })}.${base64url(claims)}.${randomBytes(256).toString('base64url')}`;
}

/**
 * A fake Google OAuth 2.0 server on 127.0.0.1 speaking Google's wire format: the authorization
 * endpoint (consent is immediate and redirects back with a code), the token endpoint
 * (form-encoded authorization_code grant, client credentials and the PKCE verifier checked) and the userinfo endpoint
 * (Bearer token).
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const clientId = `fake-client-${randomBytes(4).toString('hex')}.apps.googleusercontent.com`;
  const clientSecret = randomBytes(16).toString('hex');
  // A code remembers the PKCE challenge of its authorization request, when it had one.
  const codes = new Map<
    string,
    { profile: GoogleUserinfo; redirectUri: string; challenge: { value: string; method: string } | null }
  >();
  const tokens = new Map<string, GoogleUserinfo>();
  const requests: FakeGoogle['requests'] = [];
  let nextProfile: GoogleUserinfo | undefined;
  let deny = false;
  const state = { stall: null as FakeGoogle['stall'], slow: null as FakeGoogle['slow'] };

  const running = await listenOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, body, authorization: req.headers.authorization });
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(payload));
    };

    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const redirectUri = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('client_id') !== clientId || !redirectUri || url.searchParams.get('response_type') !== 'code') {
        return json(400, { error: 'invalid_request' });
      }
      const challenge = url.searchParams.get('code_challenge');
      const method = url.searchParams.get('code_challenge_method') ?? 'plain';
      if (challenge !== null && !['S256', 'plain'].includes(method)) return json(400, { error: 'invalid_request' });
      const back = new URL(redirectUri);
      const state = url.searchParams.get('state');
      if (state) back.searchParams.set('state', state);
      if (deny || !nextProfile) {
        deny = false;
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = `4/${randomBytes(12).toString('base64url')}`;
        codes.set(code, {
          profile: nextProfile,
          redirectUri,
          challenge: challenge === null ? null : { value: challenge, method },
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    if (state.stall === 'token' && url.pathname === '/token') return;
    if (state.stall === 'userinfo' && url.pathname === '/oauth2/v3/userinfo') return;
    const slow = state.slow;
    if (slow && url.pathname === (slow.endpoint === 'token' ? '/token' : '/oauth2/v3/userinfo'))
      await new Promise((resolve) => setTimeout(resolve, slow.ms));

    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(body);
      const grant = codes.get(form.get('code') ?? '');
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return json(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
      }
      if (form.get('grant_type') !== 'authorization_code' || !grant || grant.redirectUri !== form.get('redirect_uri')) {
        return json(400, { error: 'invalid_grant', error_description: 'Bad Request' });
      }
      // PKCE (RFC 7636) as Google checks it: a code asked for with a challenge is exchanged only
      // with the verifier it was made from (Google's own error texts).
      if (grant.challenge) {
        const verifier = form.get('code_verifier');
        if (!verifier) return json(400, { error: 'invalid_grant', error_description: 'Missing code verifier.' });
        const made = grant.challenge.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
        if (made !== grant.challenge.value)
          return json(400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      }
      codes.delete(form.get('code') ?? '');
      const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
      tokens.set(accessToken, grant.profile);
      return json(200, {
        access_token: accessToken,
        expires_in: 3599,
        scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
        token_type: 'Bearer',
        // Google's OpenID token: its claims, signed (RS256 by Google; here a made-up signature,
        // as the gateway reads the profile from userinfo and never this token).
        id_token: idToken(grant.profile, clientId, running.url),
      });
    }

    if (req.method === 'GET' && url.pathname === '/oauth2/v3/userinfo') {
      // Google takes the token from the Authorization header or the access_token parameter.
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? url.searchParams.get('access_token') ?? '';
      const profile = tokens.get(token);
      if (!profile) return json(401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
      return json(200, profile);
    }

    json(404, { error: 'not_found' });
  });

  return {
    url: running.url,
    clientId,
    clientSecret,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTH_URL: `${running.url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${running.url}/token`,
      GOOGLE_USERINFO_URL: `${running.url}/oauth2/v3/userinfo`,
    },
    signInAs: (profile) => {
      nextProfile = profile;
    },
    denyNext: () => {
      deny = true;
    },
    get stall() {
      return state.stall;
    },
    set stall(endpoint) {
      state.stall = endpoint;
    },
    get slow() {
      return state.slow;
    },
    set slow(slow) {
      state.slow = slow;
    },
    requests,
    close: running.close,
  };
}
