import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { freePort } from './free-port';

export type OidcServer = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in completes as. */
  signInAs(account: { email: string; givenName: string; picture?: string }): void;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (oidc-provider) standing in for the company's single sign-on. Its
 * login step completes at once as the account given to `signInAs`, as if the person had typed it.
 */
export async function startOidcServer(redirectUri: string): Promise<OidcServer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'ballast-test';
  const clientSecret = 'ballast-test-secret-ballast-test-secret';
  let account = {
    email: 'sso.creator@ballast.test',
    givenName: 'Sso',
    picture: undefined as string | undefined,
  };
  const accounts = new Map<string, typeof account>();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'name', 'picture'],
    },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['oidc-test-cookie-key'] },
    async findAccount(_ctx, id) {
      const found = accounts.get(id);
      if (!found) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: found.email,
            email_verified: true,
            given_name: found.givenName,
            name: found.givenName,
            ...(found.picture ? { picture: found.picture } : {}),
          };
        },
      };
    },
  });
  provider.proxy = false;
  const callback = provider.callback();

  const server: Server = createServer(async (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      try {
        const details = await provider.interactionDetails(request, response);
        const accountId = `account-${account.email}`;
        accounts.set(accountId, account);
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        response.writeHead(500).end(String(error));
      }
      return;
    }
    callback(request, response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      account = { ...next, picture: next.picture };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
