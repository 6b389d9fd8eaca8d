/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The API reference at `/docs` (docs/console.md): Swagger UI over `/openapi.json`, whose `servers` is this server,
 * plus a token control that gets a token for a known account (password grant) and authorizes "Try it out" with it.
 */
import { byId, byIdOf, h, pageData, replace } from './dom.ts';

interface Page {
  readonly accounts: readonly { readonly email: string; readonly name: string; readonly role: string }[];
  readonly client: { readonly id: string; readonly secret: string } | undefined;
  readonly password: string;
  readonly audience: string;
  readonly console: boolean;
}

/** The part of Swagger UI's global (its `swagger-ui-bundle.js`) this page uses. */
interface SwaggerUi {
  preauthorizeApiKey(scheme: string, value: string): void;
}
declare const SwaggerUIBundle: ((options: Record<string, unknown>) => SwaggerUi) & {
  readonly presets: { readonly apis: unknown };
};

const page = pageData() as Page;
let ready: () => void = () => undefined;
const loaded = new Promise<void>((resolve) => {
  ready = resolve;
});

/** The part of Swagger UI's immutable maps this page reads. */
interface ParamMap {
  get(key: string): unknown;
  delete(key: string): ParamMap;
}
type ParamSelector = (...args: unknown[]) => ParamMap | undefined;

/**
 * "Try it out" starts query parameters empty rather than filled with the spec's examples: a filter's example
 * (`search=ann lee` with a date range) would otherwise make the first try of a list come back empty. The examples
 * stay in the documentation beside each parameter.
 */
const emptyQueryParameters = {
  statePlugins: {
    spec: {
      wrapSelectors: {
        parameterWithMetaByIdentity:
          (original: ParamSelector) =>
          (...args: unknown[]): ParamMap | undefined => {
            const param = original(...args);
            return param?.get('in') === 'query' ? param.delete('example') : param;
          },
      },
    },
  },
};

const ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  plugins: [() => emptyQueryParameters],
  layout: 'BaseLayout',
  // The default validator badge loads an image from an outside host.
  validatorUrl: null,
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  tryItOutEnabled: false,
  persistAuthorization: false,
  onComplete: () => {
    ready();
  },
});

function status(text: string, kind: '' | 'ok' | 'error' = ''): void {
  const element = byId('token-status');
  element.textContent = text;
  element.className = `token-status ${kind}`;
}

byId('console-link').hidden = !page.console;

const select = byIdOf(HTMLSelectElement, 'token-account');
replace(
  select,
  ...page.accounts.map((account) =>
    h('option', { value: account.email }, `${account.email} (${account.role})`),
  ),
);

byIdOf(HTMLFormElement, 'token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const client = page.client;
  if (client === undefined) {
    status('no client allows the password grant in this dataset', 'error');
    return;
  }
  const email = select.value;
  status('getting a token…');
  void fetch('/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: client.id,
      client_secret: client.secret,
      audience: page.audience,
      username: email,
      password: page.password,
    }),
  })
    .then(async (res) => {
      const body = (await res.json()) as {
        access_token?: string;
        expires_in?: number;
        error_description?: string;
      };
      if (!res.ok || body.access_token === undefined) {
        throw new Error(body.error_description ?? `the token endpoint answered ${res.status}`);
      }
      await loaded;
      ui.preauthorizeApiKey('bearerAuth', body.access_token);
      status(`authorized as ${email}`, 'ok');
    })
    .catch((error: unknown) => {
      status(error instanceof Error ? error.message : String(error), 'error');
    });
});
