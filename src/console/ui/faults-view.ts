/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The fault rules panel (docs/console.md): the session's rules as `GET /__admin/faults` lists them, a rule whose
 * `times` are used up marked as spent (it no longer fires), a form that adds one and buttons that remove them.
 */
import type { components } from '../../spec/admin-types.ts';
import { admin } from './admin-api.ts';
import { byId, byIdOf, h, replace } from './dom.ts';
import { fields, numberFields, type PanelOptions } from './panel.ts';

type FaultRule = components['schemas']['FaultRule'];

/** Whether a rule has fired as many times as it may. */
export function spent(rule: { readonly times?: number | undefined }, count: number): boolean {
  return rule.times !== undefined && count >= rule.times;
}

/** What a rule answers: a status, a dropped connection, an OAuth error, and/or a delay. */
function answerOf(rule: FaultRule): string {
  const parts: string[] = [];
  if (rule.oauth_error !== undefined) parts.push(rule.oauth_error);
  else if (rule.status === 0) parts.push('drop');
  else if (rule.status !== undefined) parts.push(String(rule.status));
  if (rule.delay_ms !== undefined) parts.push(`+${rule.delay_ms} ms`);
  return parts.join(' ');
}

/** The conditions beside method and path: header, grant, client, user. */
function conditionsOf(rule: FaultRule): string {
  return [
    rule.header === undefined ? undefined : `${rule.header.name}: ${rule.header.value}`,
    rule.grant_type === undefined ? undefined : `grant ${rule.grant_type}`,
    rule.client_id === undefined ? undefined : `client ${rule.client_id}`,
    rule.user === undefined ? undefined : `user ${rule.user}`,
  ]
    .filter((part) => part !== undefined)
    .join(', ');
}

export function wireFaults(options: PanelOptions): (answer: unknown) => void {
  const show = (answer: unknown): void => {
    const faults = (answer as { faults?: FaultRule[] } | undefined)?.faults ?? [];
    const rows = faults.map((rule) => {
      const used = spent(rule, rule.fired);
      const conditions = conditionsOf(rule);
      return h(
        'tr',
        { 'data-fault': rule.id, class: used ? 'spent' : '' },
        h('td', {}, rule.method ?? 'any'),
        h(
          'td',
          { class: 'path' },
          rule.path,
          conditions === '' ? undefined : h('span', { class: 'cond' }, conditions),
        ),
        h('td', {}, answerOf(rule)),
        h('td', { class: 'num' }, rule.probability),
        h('td', { class: 'num fired' }, rule.fired),
        h('td', { class: 'num' }, rule.times ?? '∞'),
        h(
          'td',
          { class: 'state' },
          used
            ? h('span', { class: 'pill spent', title: 'It fired its times: it no longer fires' }, 'spent')
            : h('span', { class: 'pill live' }, 'live'),
        ),
        h(
          'td',
          { class: 'actions' },
          h(
            'button',
            {
              class: 'quiet',
              onclick: () => {
                void admin('DELETE', `/faults/${encodeURIComponent(rule.id)}`)
                  .then(options.refresh)
                  .catch(options.fail('faults-status'));
              },
            },
            'Remove',
          ),
        ),
      );
    });
    replace(
      byId('fault-rows'),
      ...(rows.length === 0
        ? [h('tr', {}, h('td', { colspan: 8, class: 'empty' }, 'No fault rules.'))]
        : rows),
    );
  };

  byIdOf(HTMLFormElement, 'fault-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const f = fields(event.target as HTMLFormElement);
    const rule = {
      path: f['path'] ?? '',
      ...(f['method'] === undefined || f['method'] === '' ? {} : { method: f['method'] }),
      ...numberFields(f, ['status', 'delay_ms', 'probability', 'times']),
    };
    void admin<FaultRule>('POST', '/faults', rule)
      .then((added) => {
        options.say('faults-status', `Added rule ${added.id}.`);
        options.refresh();
      })
      .catch(options.fail('faults-status'));
  });
  byId('faults-clear').addEventListener('click', () => {
    void admin('DELETE', '/faults').then(options.refresh).catch(options.fail('faults-status'));
  });
  return show;
}
