/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The signing keys panel (docs/console.md): the server's keys as `GET /__admin/keys` lists them (every session
 * shares them), the one that signs new tokens marked; **New key** generates one that signs from then on, a PEM may
 * be added instead, and **Retire** withdraws a key (the last one cannot be).
 */
import type { components } from '../../spec/admin-types.ts';
import { admin } from './admin-api.ts';
import { byId, byIdOf, h, replace } from './dom.ts';
import { fields, utcTime, type PanelOptions } from './panel.ts';

type SigningKey = components['schemas']['SigningKey'];

export function wireKeys(options: PanelOptions): (answer: unknown) => void {
  const add = (body: { pem?: string }, done?: () => void): void => {
    options.say('keys-status', 'Adding a key…');
    void admin<SigningKey>('POST', '/keys', body, false)
      .then((key) => {
        options.say('keys-status', `Key ${key.kid.slice(0, 12)}… signs new tokens.`);
        done?.();
        options.refresh();
      })
      .catch(options.fail('keys-status'));
  };
  const show = (answer: unknown): void => {
    const keys = (answer as { keys?: SigningKey[] } | undefined)?.keys ?? [];
    replace(
      byId('key-rows'),
      ...keys.map((key) =>
        h(
          'tr',
          { 'data-kid': key.kid, class: key.signing ? 'signing' : '' },
          h('td', { class: 'kid' }, h('code', { title: key.kid }, key.kid)),
          h('td', {}, utcTime(key.created)),
          h(
            'td',
            {},
            key.signing
              ? h('span', { class: 'pill live' }, 'signs')
              : h('span', { class: 'pill', title: 'Published: tokens it signed still verify' }, 'verifies'),
          ),
          h(
            'td',
            { class: 'actions' },
            h(
              'button',
              {
                class: 'quiet danger',
                disabled: keys.length === 1,
                title:
                  keys.length === 1
                    ? 'The last key cannot be retired: add another first'
                    : 'Tokens it signed are refused from now on',
                onclick: () => {
                  void admin('DELETE', `/keys/${encodeURIComponent(key.kid)}`, undefined, false)
                    .then(() => {
                      options.say('keys-status', `Key ${key.kid.slice(0, 12)}… retired.`);
                      options.refresh();
                    })
                    .catch(options.fail('keys-status'));
                },
              },
              'Retire',
            ),
          ),
        ),
      ),
    );
  };
  byId('keys-add').addEventListener('click', () => {
    add({});
  });
  byIdOf(HTMLFormElement, 'key-pem-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    add({ pem: fields(form)['pem'] ?? '' }, () => {
      form.reset();
    });
  });
  return show;
}
