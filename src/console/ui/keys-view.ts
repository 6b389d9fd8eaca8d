/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The signing keys panel (docs/console.md): the server's keys as `GET /__admin/keys` lists them (every session
 * shares them), each with its state: **active** (signs new tokens), **published** (verifies, not signing yet; with
 * when it will by itself) or **retired** (still verifies until it leaves the JWKS). **Rotate** adds a key that signs
 * from then on, **Publish new key** one that only verifies until **Activate**, a PEM may be added instead, and
 * **Retire** withdraws a key (the last signing one cannot be).
 */
import type { components } from '../../spec/admin-types.ts';
import { admin } from './admin-api.ts';
import { byId, byIdOf, h, replace } from './dom.ts';
import { fields, utcTime, type PanelOptions } from './panel.ts';

type SigningKey = components['schemas']['SigningKey'];
/** The body of `POST /__admin/keys` (`activate` defaults to true). */
type KeyInput = Partial<components['schemas']['KeyInput']>;

const short = (kid: string): string => `${kid.slice(0, 12)}…`;

/** The state pill, and when a published key signs or a retired one leaves the JWKS. */
function stateCell(key: SigningKey): HTMLElement {
  switch (key.state) {
    case 'active':
      return h(
        'td',
        { class: 'state' },
        h('span', { class: 'pill live', title: 'Signs new tokens' }, 'active'),
      );
    case 'published':
      return h(
        'td',
        { class: 'state' },
        h('span', { class: 'pill on', title: 'In the JWKS and verifying; not signing yet' }, 'published'),
        key.activate_at === undefined
          ? h('span', { class: 'when' }, 'until activated')
          : h('span', { class: 'when' }, 'signs at ', utcTime(key.activate_at)),
      );
    case 'retired':
      return h(
        'td',
        { class: 'state' },
        h('span', { class: 'pill', title: 'No longer signs; tokens it signed still verify' }, 'retired'),
        key.removed_at === undefined
          ? h('span', { class: 'when' }, 'leaving the JWKS')
          : h('span', { class: 'when' }, 'until ', utcTime(key.removed_at)),
      );
  }
}

export function wireKeys(options: PanelOptions): (answer: unknown) => void {
  const call = (method: string, path: string, body: unknown, said: (key: SigningKey) => string): void => {
    void admin<SigningKey>(method, path, body, false)
      .then((key) => {
        options.say('keys-status', said(key));
        options.refresh();
      })
      .catch(options.fail('keys-status'));
  };
  const add = (body: KeyInput, done?: () => void): void => {
    options.say('keys-status', 'Adding a key…');
    call('POST', '/keys', body, (key) => {
      done?.();
      return key.state === 'active'
        ? `Key ${short(key.kid)} signs new tokens.`
        : `Key ${short(key.kid)} is published; Activate makes it sign.`;
    });
  };
  const activate = (key: SigningKey): void => {
    call(
      'POST',
      `/keys/${encodeURIComponent(key.kid)}/activate`,
      {},
      (active) => `Key ${short(active.kid)} signs new tokens.`,
    );
  };
  const retire = (key: SigningKey): void => {
    void admin('DELETE', `/keys/${encodeURIComponent(key.kid)}`, undefined, false)
      .then(() => {
        options.say('keys-status', `Key ${short(key.kid)} retired.`);
        options.refresh();
      })
      .catch(options.fail('keys-status'));
  };
  const show = (answer: unknown): void => {
    const keys = (answer as { keys?: SigningKey[] } | undefined)?.keys ?? [];
    const live = keys.filter((key) => key.state !== 'retired').length;
    replace(
      byId('key-rows'),
      ...keys.map((key) =>
        h(
          'tr',
          { 'data-kid': key.kid, 'data-state': key.state, class: key.signing ? 'signing' : key.state },
          h(
            'td',
            { class: 'kid' },
            h('code', { title: key.kid }, key.kid),
            h('span', { class: 'when' }, 'added ', utcTime(key.created)),
          ),
          stateCell(key),
          h(
            'td',
            { class: 'actions' },
            key.state === 'published' &&
              h(
                'button',
                {
                  class: 'quiet activate',
                  title: `POST /__admin/keys/{kid}/activate: it signs new tokens from now on`,
                  onclick: () => {
                    activate(key);
                  },
                },
                'Activate',
              ),
            key.state !== 'retired' &&
              h(
                'button',
                {
                  class: 'quiet danger retire',
                  disabled: live === 1,
                  title:
                    live === 1
                      ? 'The last key cannot be retired: add another first'
                      : 'It stops signing; its tokens verify until its grace ends (--key-grace)',
                  onclick: () => {
                    retire(key);
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
  byId('keys-publish').addEventListener('click', () => {
    add({ activate: false });
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
