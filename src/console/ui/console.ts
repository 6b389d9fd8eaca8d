/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The console at `/__admin/ui/` (docs/console.md): known accounts and their tokens, the live journal, fault rules,
 * reset and seed, the rate limit, the sessions. Everything goes through the admin API of spec/admin.yaml,
 * same-origin, in the session chosen in the bar (sessions-view.ts).
 */
import type { components } from '../../spec/admin-types.ts';
import { admin, AdminError, adminHeaders, storeToken, storedToken } from './admin-api.ts';
import { byId, byIdOf, copy, h, pageData, replace } from './dom.ts';
import { openStream } from './event-stream.ts';
import { JournalView, METHODS, type JournalEntry } from './journal-view.ts';
import { wireSessions, type SessionsPanel } from './sessions-view.ts';

type Schemas = components['schemas'];
interface Page {
  readonly accounts: readonly { readonly email: string; readonly name: string; readonly role: string }[];
}

const page = pageData() as Page;
const journal = new JournalView(byId('journal-rows'), byId('journal-detail'), byId('journal-count'));

/** Shows `message` in the element `id` (an error in red). */
function say(id: string, message: string, error = false): void {
  const element = byId(id);
  element.textContent = message;
  element.classList.toggle('error', error);
}

function failure(id: string): (error: unknown) => void {
  return (error) => {
    say(id, error instanceof Error ? error.message : String(error), true);
  };
}

/** Reads a form's named fields as trimmed strings. */
function fields(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  new FormData(form).forEach((value, name) => {
    out[name] = typeof value === 'string' ? value.trim() : '';
  });
  return out;
}

// ---- known accounts -------------------------------------------------------------------------------------------

async function mint(email: string, cell: HTMLElement): Promise<void> {
  const minted = await admin<{ access_token: string; expires_in: number }>('POST', '/tokens', {
    user: email,
  });
  const input = h('input', {
    class: 'token',
    readonly: true,
    value: minted.access_token,
    'aria-label': `token of ${email}`,
  });
  const status = h('span', { class: 'hint' }, `valid ${Math.round(minted.expires_in / 3600)} h`);
  replace(
    cell,
    input,
    h(
      'button',
      {
        onclick: () => {
          void copy(minted.access_token).then((done) => {
            status.textContent = done ? 'copied' : 'select and copy';
            if (!done) input.select();
          });
        },
      },
      'Copy',
    ),
    h(
      'button',
      { class: 'quiet', onclick: () => void mint(email, cell), title: 'Mint a fresh token' },
      'New',
    ),
    status,
  );
}

function drawAccounts(): void {
  const items = page.accounts.map((account) => {
    const cell = h('div', { class: 'token-cell' }, '…');
    void mint(account.email, cell).catch(failure('accounts-status'));
    return h(
      'li',
      {},
      h(
        'div',
        { class: 'who' },
        h('strong', {}, account.name),
        h('span', { class: 'hint' }, account.email),
        h('code', { class: 'role' }, account.role),
      ),
      cell,
    );
  });
  replace(byId('accounts-rows'), ...items);
}

// ---- data: reset and seed -------------------------------------------------------------------------------------

function summary(data: Schemas['DataSummary']): string {
  return `${data.users} users, ${data.workspaces} workspaces, ${data.clients} clients`;
}

function wireData(): void {
  byId('reset').addEventListener('click', () => {
    void admin<Schemas['DataSummary']>('POST', '/reset')
      .then((data) => {
        say('data-status', `Reset: ${summary(data)}; fault rules removed, journal emptied.`);
        journal.clear();
        void refreshFaults();
        void refreshRateLimit();
      })
      .catch(failure('data-status'));
  });
  byIdOf(HTMLFormElement, 'seed-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const { seed = '', users = '' } = fields(event.target as HTMLFormElement);
    const body = {
      ...(seed === '' ? {} : { seed: Number(seed) }),
      ...(users === '' ? {} : { users: Number(users) }),
    };
    say('data-status', 'Seeding…');
    void admin<Schemas['DataSummary']>('POST', '/seed', body)
      .then((data) => {
        say('data-status', `Seeded: ${summary(data)}.`);
      })
      .catch(failure('data-status'));
  });
}

// ---- rate limit -----------------------------------------------------------------------------------------------

async function refreshRateLimit(): Promise<void> {
  const limit = await admin<Schemas['RateLimit']>('GET', '/rate-limit');
  say(
    'rate-status',
    limit.enabled ? `On: ${limit.limit ?? '?'} requests per ${limit.window ?? '?'} per token` : 'Off',
  );
  byId('rate-status').classList.toggle('on', limit.enabled);
}

function wireRateLimit(): void {
  byIdOf(HTMLFormElement, 'rate-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const { limit = '', window = '' } = fields(event.target as HTMLFormElement);
    void admin('PUT', '/rate-limit', { limit: Number(limit), window })
      .then(refreshRateLimit)
      .catch(failure('rate-status'));
  });
  byId('rate-off').addEventListener('click', () => {
    void admin('PUT', '/rate-limit', { enabled: false }).then(refreshRateLimit).catch(failure('rate-status'));
  });
}

// ---- fault rules ----------------------------------------------------------------------------------------------

async function refreshFaults(): Promise<void> {
  const { faults } = await admin<{ faults: Schemas['FaultRule'][] }>('GET', '/faults');
  const rows = faults.map((rule) =>
    h(
      'tr',
      { 'data-fault': rule.id },
      h('td', {}, rule.method ?? 'any'),
      h('td', { class: 'path' }, rule.path),
      h('td', {}, rule.status === undefined ? '–' : rule.status === 0 ? 'drop' : rule.status),
      h('td', {}, rule.delay_ms === undefined ? '–' : `${rule.delay_ms} ms`),
      h('td', {}, rule.probability),
      h('td', {}, rule.times ?? '∞'),
      h('td', { class: 'fired' }, rule.fired),
      h(
        'td',
        {},
        h(
          'button',
          {
            class: 'quiet',
            onclick: () => {
              void admin('DELETE', `/faults/${encodeURIComponent(rule.id)}`)
                .then(refreshFaults)
                .catch(failure('faults-status'));
            },
          },
          'Remove',
        ),
      ),
    ),
  );
  replace(
    byId('fault-rows'),
    ...(rows.length === 0 ? [h('tr', {}, h('td', { colspan: 8, class: 'empty' }, 'No fault rules.'))] : rows),
  );
  faultsShown = faults.length;
}

let faultsShown = 0;
let faultsTimer: ReturnType<typeof setTimeout> | undefined;

/** Refreshes the rules' `fired` counts a moment after requests arrive, when there are rules to count. */
function faultsMayHaveFired(): void {
  if (faultsShown === 0 || faultsTimer !== undefined) return;
  faultsTimer = setTimeout(() => {
    faultsTimer = undefined;
    void refreshFaults().catch(failure('faults-status'));
  }, 300);
}

function wireFaults(): void {
  byIdOf(HTMLFormElement, 'fault-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const f = fields(form);
    const number = (name: string): Record<string, number> =>
      f[name] === undefined || f[name] === '' ? {} : { [name]: Number(f[name]) };
    const rule = {
      path: f['path'] ?? '',
      ...(f['method'] === undefined || f['method'] === '' ? {} : { method: f['method'] }),
      ...number('status'),
      ...number('delay_ms'),
      ...number('probability'),
      ...number('times'),
    };
    void admin<Schemas['FaultRule']>('POST', '/faults', rule)
      .then((added) => {
        say('faults-status', `Added rule ${added.id}.`);
        return refreshFaults();
      })
      .catch(failure('faults-status'));
  });
  byId('faults-clear').addEventListener('click', () => {
    void admin('DELETE', '/faults').then(refreshFaults).catch(failure('faults-status'));
  });
}

// ---- the journal ----------------------------------------------------------------------------------------------

function wireJournal(): void {
  const method = byIdOf(HTMLSelectElement, 'filter-method');
  replace(
    method,
    h('option', { value: '' }, 'any method'),
    ...METHODS.map((m) => h('option', { value: m }, m)),
  );
  const update = (): void => {
    journal.filter.method = method.value;
    journal.filter.path = byIdOf(HTMLInputElement, 'filter-path').value.trim();
    journal.filter.status = byIdOf(HTMLInputElement, 'filter-status').value.trim();
    journal.render();
  };
  for (const id of ['filter-method', 'filter-path', 'filter-status'])
    byId(id).addEventListener('input', update);
  byId('journal-clear').addEventListener('click', () => {
    void admin('DELETE', '/requests').then(() => {
      journal.clear();
    });
  });
}

let stream: { stop(): void } | undefined;
let sessionsPanel: SessionsPanel | undefined;
/** Counts stream starts: answers meant for a session the console has left since are dropped. */
let generation = 0;

/** (Re)opens the live journal of the chosen session. */
function startStream(): void {
  stream?.stop();
  const mine = ++generation;
  const current = (): boolean => mine === generation;
  stream = openStream({
    url: '/__admin/requests/stream',
    headers: () => adminHeaders(false),
    onEvent: (event) => {
      if (event.event !== 'request' || !current()) return;
      journal.add([JSON.parse(event.data) as JournalEntry]);
      faultsMayHaveFired();
      sessionsPanel?.refreshSoon();
    },
    onState: (open, status) => {
      if (!current()) return;
      const live = byId('live');
      live.textContent = open ? 'live' : status === 401 ? 'token refused' : 'reconnecting…';
      live.classList.toggle('on', open);
      // Entries recorded while the stream was down come from the list.
      if (open)
        void admin<{ requests: JournalEntry[] }>('GET', '/requests?limit=200').then((r) => {
          if (current()) journal.add(r.requests);
        });
    },
  });
}

/** The chosen session changed: everything shown is read again from it. */
async function switchedSession(): Promise<void> {
  journal.clear();
  faultsShown = 0;
  for (const id of ['data-status', 'faults-status', 'sessions-status']) say(id, '');
  startStream();
  await Promise.all([
    refreshFaults().catch(failure('faults-status')),
    refreshRateLimit().catch(failure('rate-status')),
  ]);
}

// ---- start ----------------------------------------------------------------------------------------------------

/** Asks for the admin token when the server wants one; resolves once the admin API answers. */
async function unlock(): Promise<void> {
  for (;;) {
    try {
      await admin('GET', '/health');
      byId('token-gate').hidden = true;
      byId('app').hidden = false;
      return;
    } catch (error) {
      if (!(error instanceof AdminError) || error.status !== 401) throw error;
    }
    const refused = storedToken() !== undefined;
    storeToken(undefined);
    byId('token-gate').hidden = false;
    byId('app').hidden = true;
    byId('live').textContent = 'admin token needed';
    say('token-status', refused ? 'That token was refused.' : '', refused);
    const token = await new Promise<string>((resolve) => {
      byIdOf(HTMLFormElement, 'token-form').onsubmit = (event) => {
        event.preventDefault();
        resolve(byIdOf(HTMLInputElement, 'token-input').value.trim());
      };
    });
    storeToken(token);
  }
}

void unlock()
  .then(() => {
    drawAccounts();
    wireData();
    wireRateLimit();
    wireFaults();
    wireJournal();
    sessionsPanel = wireSessions({ onSwitch: switchedSession, onError: failure('sessions-status') });
    startStream();
    void refreshFaults().catch(failure('faults-status'));
    void refreshRateLimit().catch(failure('rate-status'));
  })
  .catch((error: unknown) => {
    byId('live').textContent = error instanceof Error ? error.message : 'the admin API did not answer';
  });
