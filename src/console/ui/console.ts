/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The console at `/__admin/ui/` (docs/console.md): known accounts and their tokens, the live journal, reset and
 * seed, the rate limit, fault and claim rules, the test clock, the signing keys, drift findings, the served
 * document's resources and the sessions.
 * Everything goes through the admin API of spec/admin.yaml, same-origin, in the session chosen in the bar
 * (sessions-view.ts); what any client changes there shows within a second (live-state.ts).
 */
import type { components } from '../../spec/admin-types.ts';
import { admin, AdminError, adminHeaders, storeToken, storedToken } from './admin-api.ts';
import { byId, byIdOf, copy, h, pageData, replace } from './dom.ts';
import { wireClaims } from './claims-view.ts';
import { wireClock } from './clock-view.ts';
import { wireDrift } from './drift-view.ts';
import { openStream, type Stream } from './event-stream.ts';
import { wireFaults } from './faults-view.ts';
import { JournalView, KEPT, METHODS, type JournalEntry } from './journal-view.ts';
import { wireKeys } from './keys-view.ts';
import { wireResources } from './resources-view.ts';
import { LiveState } from './live-state.ts';
import { fail, fields, say, type PanelOptions } from './panel.ts';
import { wireSessions, type SessionsPanel } from './sessions-view.ts';

type Schemas = components['schemas'];
interface Page {
  readonly accounts: readonly { readonly email: string; readonly name: string; readonly role: string }[];
}

const page = pageData() as Page;
const journal = new JournalView(
  byId('journal-rows'),
  byId('journal-detail'),
  byId('journal-count'),
  byId('filter-pages-count'),
);

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
    void mint(account.email, cell).catch(fail('accounts-status'));
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
        say('data-status', `Reset: ${summary(data)}; rules removed, journal emptied, real time.`);
        journal.clear();
        live.now();
      })
      .catch(fail('data-status'));
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
        live.now();
      })
      .catch(fail('data-status'));
  });
}

// ---- rate limit -----------------------------------------------------------------------------------------------

function showRateLimit(answer: unknown): void {
  if (answer === undefined) {
    // The session is not live: it will start with the server's rate limit.
    say('rate-status', '–');
    byId('rate-status').classList.remove('on');
    return;
  }
  const limit = answer as Schemas['RateLimit'];
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
      .then(panel.refresh)
      .catch(fail('rate-status'));
  });
  byId('rate-off').addEventListener('click', () => {
    void admin('PUT', '/rate-limit', { enabled: false }).then(panel.refresh).catch(fail('rate-status'));
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
    journal.filter.pageFiles = byIdOf(HTMLInputElement, 'filter-pages').checked;
    journal.render();
  };
  for (const id of ['filter-method', 'filter-path', 'filter-status', 'filter-pages'])
    byId(id).addEventListener('input', update);
  byId('journal-clear').addEventListener('click', () => {
    void admin('DELETE', '/requests').then(() => {
      journal.clear();
      live.now();
    });
  });
}

let stream: Stream | undefined;
/** Whether the server refused the admin token (the stream is not reopened then: reload to give another). */
let refused = false;
/** Counts stream starts: answers meant for a session the console has left since are dropped. */
let generation = 0;

/** Opens the live journal of the chosen session, and lists what it recorded before. */
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
    },
    onState: (open, status) => {
      if (!current()) return;
      const badge = byId('live');
      if (status === 401) refused = true;
      badge.textContent = open ? 'live' : status === 401 ? 'token refused: reload' : 'reconnecting…';
      badge.classList.toggle('on', open);
      // Entries recorded while the stream was down come from the list.
      if (open)
        void admin<{ requests: JournalEntry[] }>('GET', `/requests?limit=${KEPT}`).then((r) => {
          if (current()) journal.add(r.requests);
        });
    },
  });
}

/**
 * After each read of the sessions: the stream follows the session shown while it is live; it is not reopened for
 * a named session that is not (opening it would start that session).
 */
function followStream(): void {
  if (refused) return;
  if (sessions.shownIsLive()) {
    if (stream === undefined || stream.ended) startStream();
    return;
  }
  if (stream !== undefined) {
    stream.stop();
    stream = undefined;
    generation++;
  }
  const badge = byId('live');
  badge.textContent = 'waiting for the session';
  badge.classList.remove('on');
}

/** The chosen session changed: everything shown is read again from it. */
function switchedSession(): void {
  journal.clear();
  for (const id of ['data-status', 'faults-status', 'claims-status', 'clock-status', 'sessions-status'])
    say(id, '');
  stream?.stop();
  stream = undefined;
  live.forgetSession();
  live.now();
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

/** The line under the header: the last reload of the served document, and its error while it is refused. */
function showReload(answer: unknown): void {
  const { reload } = answer as Schemas['Readiness'];
  const line = byId('reload-status');
  line.hidden = reload === undefined;
  if (reload === undefined) return;
  const at = new Date(reload.at).toLocaleTimeString();
  say(
    'reload-status',
    reload.ok
      ? `Document reloaded at ${at}.`
      : `Reload refused at ${at}, the previous document is still served: ${reload.error ?? 'no reason given'}`,
    !reload.ok,
  );
}

const live = new LiveState(() => sessions.shownIsLive());
const panel: PanelOptions = {
  refresh: () => {
    live.now();
  },
  say,
  fail,
};
let sessions: SessionsPanel;

void unlock()
  .then(() => {
    drawAccounts();
    wireData();
    wireRateLimit();
    wireJournal();
    sessions = wireSessions({
      onSwitch: switchedSession,
      refresh: panel.refresh,
      onError: fail('sessions-status'),
    });
    // About every session, so read without X-Mock-Session: looking is no use of the session shown.
    live.watchFirst({
      path: '/sessions',
      inSession: false,
      show: (answer) => {
        sessions.show(answer as Schemas['SessionList']);
      },
      fail: fail('sessions-status'),
    });
    const watch = (
      path: string,
      inSession: boolean,
      status: string,
      show: (answer: unknown) => void,
    ): void => {
      live.watch({ path, inSession, show, fail: fail(status) });
    };
    watch('/faults', true, 'faults-status', wireFaults(panel));
    watch('/rate-limit', true, 'rate-status', showRateLimit);
    watch('/claims', true, 'claims-status', wireClaims(panel));
    watch('/clock', true, 'clock-status', wireClock(panel));
    watch('/resources', true, 'resources-status', wireResources());
    // The last reload of the served document is the server's too (docs/own-spec.md "Live reload").
    watch('/health', false, 'reload-status', showReload);
    // The keys and the drift findings are the server's, shared by every session.
    watch('/keys', false, 'keys-status', wireKeys(panel));
    watch('/drift', false, 'drift-status', wireDrift(panel));
    live.afterRound(followStream);
    live.now();
  })
  .catch((error: unknown) => {
    byId('live').textContent = error instanceof Error ? error.message : 'the admin API did not answer';
  });
