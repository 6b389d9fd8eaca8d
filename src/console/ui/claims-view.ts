/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The claim rules panel (docs/console.md): the session's rules as `GET /__admin/claims` lists them (a rule whose
 * `times` are used up marked as spent), a form that adds one and buttons that remove them.
 */
import type { components } from '../../spec/admin-types.ts';
import { admin } from './admin-api.ts';
import { byId, byIdOf, h, replace } from './dom.ts';
import { spent } from './faults-view.ts';
import { fields, type PanelOptions } from './panel.ts';

type ClaimRule = components['schemas']['ClaimRule'];
type ClaimRuleInput = components['schemas']['ClaimRuleInput'];

/** `user ada@…, grant password`: what a grant must be for the rule to apply; `every grant` when nothing. */
function matchOf(rule: ClaimRule): string {
  const match = rule.match ?? {};
  const parts = [
    match.user === undefined ? undefined : `user ${match.user}`,
    match.client_id === undefined ? undefined : `client ${match.client_id}`,
    match.grant_type === undefined ? undefined : `grant ${match.grant_type}`,
    match.scope === undefined ? undefined : `scope ${match.scope}`,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? 'every grant' : parts.join(', ');
}

/** `set {…}` and `remove a, b` as the rule says them. */
function changesOf(rule: ClaimRule): HTMLElement {
  return h(
    'div',
    { class: 'changes' },
    rule.set === undefined
      ? undefined
      : h(
          'code',
          {},
          `set ${Object.entries(rule.set)
            .map(([name, value]) => `${name}: ${JSON.stringify(value)}`)
            .join(', ')}`,
        ),
    rule.remove === undefined || rule.remove.length === 0
      ? undefined
      : h('code', {}, `remove ${rule.remove.join(', ')}`),
  );
}

/** The rule the form describes; throws with a message a person can act on when `set` is not a JSON object. */
function ruleOf(f: Record<string, string>): ClaimRuleInput {
  let set: Record<string, unknown> | undefined;
  if (f['set'] !== undefined && f['set'] !== '') {
    const parsed = JSON.parse(f['set']) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error('set: a JSON object of claims, e.g. {"role": "auditor"}');
    }
    set = parsed as Record<string, unknown>;
  }
  const remove = (f['remove'] ?? '').split(/[\s,]+/).filter((name) => name !== '');
  const text = (name: 'user' | 'client_id' | 'scope'): Record<string, string> =>
    f[name] === undefined || f[name] === '' ? {} : { [name]: f[name] };
  const grant = f['grant_type'] ?? '';
  return {
    match: {
      ...text('user'),
      ...text('client_id'),
      ...text('scope'),
      ...(grant === '' ? {} : { grant_type: grant as NonNullable<ClaimRule['match']>['grant_type'] }),
    },
    ...(set === undefined ? {} : { set }),
    ...(remove.length === 0 ? {} : { remove }),
    token: (f['token'] ?? 'access') as ClaimRule['token'],
    ...(f['times'] === undefined || f['times'] === '' ? {} : { times: Number(f['times']) }),
  } as ClaimRuleInput;
}

export function wireClaims(options: PanelOptions): (answer: unknown) => void {
  const show = (answer: unknown): void => {
    const rules = (answer as { rules?: ClaimRule[] } | undefined)?.rules ?? [];
    const rows = rules.map((rule) => {
      const used = spent(rule, rule.applied);
      return h(
        'tr',
        { 'data-claim': rule.id, class: used ? 'spent' : '' },
        h('td', {}, matchOf(rule)),
        h('td', {}, changesOf(rule)),
        h('td', {}, rule.token),
        h('td', { class: 'num applied' }, rule.applied),
        h('td', { class: 'num' }, rule.times ?? '∞'),
        h(
          'td',
          { class: 'state' },
          used
            ? h('span', { class: 'pill spent', title: 'It applied its times: it no longer applies' }, 'spent')
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
                void admin('DELETE', `/claims/${encodeURIComponent(rule.id)}`)
                  .then(options.refresh)
                  .catch(options.fail('claims-status'));
              },
            },
            'Remove',
          ),
        ),
      );
    });
    replace(
      byId('claim-rows'),
      ...(rows.length === 0
        ? [
            h(
              'tr',
              {},
              h('td', { colspan: 7, class: 'empty' }, 'No claim rules: tokens carry the standard claims.'),
            ),
          ]
        : rows),
    );
  };

  byIdOf(HTMLFormElement, 'claim-form').addEventListener('submit', (event) => {
    event.preventDefault();
    let rule: ClaimRuleInput;
    try {
      rule = ruleOf(fields(event.target as HTMLFormElement));
    } catch (error) {
      options.fail('claims-status')(error);
      return;
    }
    void admin<ClaimRule>('POST', '/claims', rule)
      .then((added) => {
        options.say('claims-status', `Added rule ${added.id}.`);
        options.refresh();
      })
      .catch(options.fail('claims-status'));
  });
  byId('claims-clear').addEventListener('click', () => {
    void admin('DELETE', '/claims').then(options.refresh).catch(options.fail('claims-status'));
  });
  return show;
}
