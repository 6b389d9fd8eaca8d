// A page that mocks the identity service in its own service worker (MSW's setupWorker), with the real engine: a
// token from the password grant, a list of users, a deletion that shows in the next list. What it found is put on
// <body data-result> for the runner, which also checks that tokens cross between this page and a Node mock.
import { setupWorker } from 'msw/browser';
import { createHandlers } from 'identity-mock/msw';

const API = 'http://localhost:8080';
const status = document.getElementById('status') as HTMLElement;

async function main(): Promise<Record<string, unknown>> {
  const started = performance.now();
  const { handlers, mock } = createHandlers();
  await mock.ready;
  const createHandlersMs = performance.now() - started;
  await setupWorker(...handlers).start({ onUnhandledRequest: 'error', quiet: true });

  const grant = await fetch(`${API}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'admin@example.com',
      password: 'Passw0rd!',
      client_id: 'mock-client',
      client_secret: 'mock-secret',
      audience: 'https://identity.example.com/admin/v1',
    }),
  });
  const { access_token: token } = (await grant.json()) as { access_token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const deleted = await fetch(`${API}/users/user`, { method: 'DELETE', headers: auth });
  const list = await fetch(`${API}/users?page_size=8`, { headers: auth });
  const users = (await list.json()) as {
    identifier: string;
    name: string;
    email: string;
    user_type: string;
  }[];
  const refused = await fetch(`${API}/users?page_size=1000`, { headers: auth });

  const rows = document.getElementById('users') as HTMLElement;
  for (const user of users) {
    const row = rows.insertRow();
    for (const value of [user.identifier, user.name, user.email, user.user_type])
      row.insertCell().textContent = value;
  }
  // A token minted here, for the runner to verify on a Node mock; and one minted there, to verify here.
  const minted = await mock.session().token({ user: 'admin@example.com' });
  const fromNode = new URLSearchParams(location.search).get('token') ?? '';
  const nodeTokenHere = await fetch(`${API}/users?page_size=1`, {
    headers: { Authorization: `Bearer ${fromNode}` },
  });
  return {
    createHandlersMs: Math.round(createHandlersMs),
    grant: grant.status,
    deleted: deleted.status,
    list: list.status,
    total: list.headers.get('X-Total-Count'),
    listed: users.map((user) => user.identifier),
    refused: refused.status,
    browserToken: minted.accessToken,
    nodeTokenHere: nodeTokenHere.status,
  };
}

main().then(
  (result) => {
    status.textContent = `${String(result.total)} users, createHandlers() took ${String(result.createHandlersMs)} ms`;
    document.body.dataset.result = JSON.stringify(result);
  },
  (error: unknown) => {
    status.textContent = `failed: ${String(error)}`;
    document.body.dataset.result = JSON.stringify({ error: String(error) });
  },
);
