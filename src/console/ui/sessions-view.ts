/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The console's session choice (docs/console.md): the selector in the bar (the default session, the live ones, or
 * any id typed in) and the sessions panel (`GET /__admin/sessions`, read by the page's one timer, live-state.ts),
 * with a button that drops a session.
 */
import type { components } from '../../spec/admin-types.ts';
import { admin, chooseSession, chosenSession, SESSION_ID } from './admin-api.ts';
import { byId, byIdOf, h, replace } from './dom.ts';

type SessionList = components['schemas']['SessionList'];
type Figures = components['schemas']['SessionFigures'];

/** `2026-01-01T10:20:30.000Z` as `10:20:30` (UTC, as the journal's times). */
function clock(iso: string): HTMLElement {
  return h('span', { class: 'time', title: iso }, iso.slice(11, 19));
}

export interface SessionsOptions {
  /** Called after the chosen session changed: the page reloads what it shows from that session. */
  readonly onSwitch: () => void;
  /** Asks the page to read the admin state again now. */
  readonly refresh: () => void;
  /** Shows an error of the sessions panel. */
  readonly onError: (error: unknown) => void;
}

export interface SessionsPanel {
  /** Draws the list as `GET /__admin/sessions` answered it. */
  show(list: SessionList): void;
  /** Whether the session shown is live: the default one always, a named one once listed. */
  shownIsLive(): boolean;
}

export function wireSessions(options: SessionsOptions): SessionsPanel {
  const select = byIdOf(HTMLSelectElement, 'session-select');
  const input = byIdOf(HTMLInputElement, 'session-input');
  /** The live named sessions last listed, and the options last drawn (undefined: none yet). */
  let listed: readonly string[] = [];
  let drawn: string | undefined;
  let read = false;

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
    options.onSwitch();
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
                    else options.refresh();
                  })
                  .catch(options.onError);
              },
            },
            'Drop',
          ),
      ),
    );

  const show = (list: SessionList): void => {
    read = true;
    drawSelect(list.sessions.map((session) => session.id));
    replace(
      byId('session-rows'),
      row(undefined, list.default),
      ...list.sessions.map((session) => row(session.id, session)),
    );
    byId('sessions-bounds').textContent =
      `${list.sessions.length} of at most ${list.max_sessions} named sessions; ` +
      `each is dropped after ${Math.round(list.ttl_seconds / 60)} min unused.`;
    const chosen = chosenSession();
    byId('session-waiting').hidden = chosen === undefined || list.sessions.some((s) => s.id === chosen);
    byId('session-waiting').textContent =
      `Session ${chosen ?? ''} is not live: the page waits for its first request (a suite's, or a change made here) ` +
      'rather than start it by looking.';
  };

  select.addEventListener('change', () => {
    use(select.value === '' ? undefined : select.value);
  });
  select.addEventListener('focus', options.refresh);
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
  drawSelect([]);
  return {
    show,
    shownIsLive: () => {
      const chosen = chosenSession();
      return chosen === undefined || (read && listed.includes(chosen));
    },
  };
}
