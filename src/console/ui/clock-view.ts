/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The clock panel (docs/console.md): the session's test clock as `GET /__admin/clock` shows it (now, frozen or
 * running, how far from real time), and the changes `PUT`/`DELETE /__admin/clock` make: advance, freeze, run on,
 * back to real time.
 */
import type { components } from '../../spec/admin-types.ts';
import { admin } from './admin-api.ts';
import { byId, byIdOf, h, replace } from './dom.ts';
import { fields, type PanelOptions } from './panel.ts';

type Clock = components['schemas']['Clock'];

/** `+1 h 30 min`, `−45 s`, `real time` for an offset in milliseconds. */
export function offsetText(ms: number): string {
  if (Math.abs(ms) < 1000) return 'real time';
  const sign = ms < 0 ? '−' : '+';
  let rest = Math.round(Math.abs(ms) / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3_600],
    ['min', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)} ${unit}`);
      rest %= size;
    }
    if (parts.length === 2) break;
  }
  return `${sign}${parts.join(' ')}`;
}

export function wireClock(options: PanelOptions): (answer: unknown) => void {
  let shown: Clock | undefined;
  const set = (body: unknown): void => {
    void admin<Clock>('PUT', '/clock', body)
      .then(() => {
        options.say('clock-status', '');
        options.refresh();
      })
      .catch(options.fail('clock-status'));
  };
  const show = (answer: unknown): void => {
    const clock = answer as Clock | undefined;
    shown = clock;
    const now = clock?.now ?? new Date().toISOString();
    const frozen = clock?.frozen ?? false;
    const offset = clock?.offset_ms ?? 0;
    replace(
      byId('clock-now'),
      h('span', { class: 'date' }, now.slice(0, 10)),
      ' ',
      h('strong', { class: 'time' }, now.slice(11, 19)),
      h('span', { class: 'hint' }, ' UTC'),
    );
    byId('clock-now').title = now;
    const state = byId('clock-state');
    const real = !frozen && offset === 0;
    state.textContent = frozen ? 'frozen' : real ? 'real time' : 'running';
    state.classList.toggle('on', !real);
    byId('clock-offset').textContent = real
      ? "The server's time."
      : Math.abs(offset) < 1000
        ? 'Within a second of real time.'
        : `${offsetText(offset)} from real time.`;
    byIdOf(HTMLButtonElement, 'clock-run').disabled = !frozen;
    byIdOf(HTMLButtonElement, 'clock-freeze').disabled = frozen;
  };

  byIdOf(HTMLFormElement, 'clock-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const { advance = '' } = fields(event.target as HTMLFormElement);
    set({ advance: /^[0-9]+$/.test(advance) ? Number(advance) : advance });
  });
  byId('clock-freeze').addEventListener('click', () => {
    // Frozen where it stands: the time last read, to the second.
    set({ now: shown?.now ?? new Date().toISOString() });
  });
  byId('clock-run').addEventListener('click', () => {
    set({ frozen: false });
  });
  byId('clock-real').addEventListener('click', () => {
    void admin('DELETE', '/clock').then(options.refresh).catch(options.fail('clock-status'));
  });
  return show;
}
