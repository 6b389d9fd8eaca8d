/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The console's session choice (docs/console.md): the selector in the bar (the default session, the live ones, or
 * any id typed in) and the sessions panel (`GET /__admin/sessions`), refreshed every few seconds while the tab is
 * visible, whenever it gets the focus and shortly after requests arrive, with a button that drops a session.
 */
import type { components } from '../../spec/admin-types.ts';
import { admin, chooseSession, chosenSession, SESSION_ID } from './admin-api.ts';
import { byId, byIdOf, h, replace } from './dom.ts';

type SessionList = components['schemas']['SessionList'];
type Figures = components['schemas']['SessionFigures'];

const REFRESH_MS = 5_000;

/** `2026-01-01T10:20:30.000Z` as `10:20:30` (UTC, as the journal's times). */
function clock(iso: string): HTMLElement {
  return h('span', { class: 'time', title: iso }, iso.slice(11, 19));
}

export interface SessionsOptions {
  /** Called after the chosen session changed: the page reloads what it shows from that session. */
  readonly onSwitch: () => Promise<unknown>;
  /** Shows an error of the sessions panel. */
  readonly onError: (error: unknown) => void;
}

export interface SessionsPanel {
  /** Reads the list again in a moment (requests arrived: the figures moved), at most once a second. */
  refreshSoon(): void;
}

export function wireSessions(options: SessionsOptions): SessionsPanel {
  const select = byIdOf(HTMLSelectElement, 'session-select');
  const input = byIdOf(HTMLInputElement, 'session-input');
  /** The live named sessions last listed, and the options last drawn (undefined: none yet). */
  let listed: readonly string[] = [];
  let drawn: string | undefined;

  const drawSelect = (ids: readonly string[]): void => {
    listed = ids;
    const chosen = chosenSession();
    const all = chosen === undefined || ids.includes(chosen) ? ids : [chosen, ...ids];
    const key = all.join('\n');
    // Redrawn only when the ids change: a redraw would close the list under the user's pointer.
    if (key !== drawn) {
      drawn = key;
      replace(
        select,
        h('option', { value: '' }, 'default'),
        ...all.map((id) => h('option', { value: id }, id)),
      );
    }
    select.value = chosen ?? '';
    byId('journal-session').textContent = chosen ?? 'default';
  };

  const use = (id: string | undefined): void => {
    if (id === chosenSession()) return;
    chooseSession(id);
    drawSelect(listed);
    // Listed once the page's first calls there are answered: a new id's session exists by then.
    void options.onSwitch().finally(refreshQuietly);
  };

  const row = (id: string | undefined, figures: Figures): HTMLElement =>
    h(
      'tr',
      { class: id === chosenSession() ? 'chosen' : '', 'data-session': id ?? '' },
      h('td', { class: 'id' }, id === undefined ? h('em', {}, 'default') : h('code', {}, id)),
      h('td', {}, clock(figures.created)),
      h('td', {}, clock(figures.last_used)),
      h('td', { class: 'num' }, figures.users),
      h('td', { class: 'num' }, figures.requests),
      h(
        'td',
        { class: 'actions' },
        id === chosenSession()
          ? h('span', { class: 'hint' }, 'shown')
          : h(
              'button',
              {
                class: 'quiet',
                onclick: () => {
                  use(id);
                },
              },
              'Show',
            ),
        id !== undefined &&
          h(
            'button',
            {
              class: 'quiet danger',
              title: `DELETE /__admin/sessions/${id}`,
              onclick: () => {
                void admin('DELETE', `/sessions/${encodeURIComponent(id)}`, undefined, false)
                  .then(() => {
                    if (chosenSession() === id) use(undefined);
                    else return refresh();
                  })
                  .catch(options.onError);
              },
            },
            'Drop',
          ),
      ),
    );

  const refresh = async (): Promise<void> => {
    // About every session, so it goes without X-Mock-Session: listing is no use of the chosen one.
    const list = await admin<SessionList>('GET', '/sessions', undefined, false);
    drawSelect(list.sessions.map((session) => session.id));
    replace(
      byId('session-rows'),
      row(undefined, list.default),
      ...list.sessions.map((session) => row(session.id, session)),
    );
    byId('sessions-bounds').textContent =
      `${list.sessions.length} of at most ${list.max_sessions} named sessions; ` +
      `each is dropped after ${Math.round(list.ttl_seconds / 60)} min unused.`;
  };
  const refreshQuietly = (): void => {
    void refresh().catch(options.onError);
  };

  select.addEventListener('change', () => {
    use(select.value === '' ? undefined : select.value);
  });
  select.addEventListener('focus', refreshQuietly);
  byIdOf(HTMLFormElement, 'session-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const id = input.value.trim();
    if (id !== '' && !SESSION_ID.test(id)) {
      input.setCustomValidity('1 to 64 of A-Z a-z 0-9 . _ -');
      input.reportValidity();
      return;
    }
    input.value = '';
    use(id === '' ? undefined : id);
  });
  input.addEventListener('input', () => {
    input.setCustomValidity('');
  });
  window.addEventListener('focus', refreshQuietly);
  setInterval(() => {
    if (!document.hidden) refreshQuietly();
  }, REFRESH_MS);
  drawSelect([]);
  refreshQuietly();
  let soon: ReturnType<typeof setTimeout> | undefined;
  return {
    refreshSoon: () => {
      if (soon !== undefined) return;
      soon = setTimeout(() => {
        soon = undefined;
        refreshQuietly();
      }, 1_000);
    },
  };
}
