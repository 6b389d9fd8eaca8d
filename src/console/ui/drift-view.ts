/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The drift findings panel (docs/console.md): what `GET /__admin/drift` lists, one row per disagreement between
 * the real service and the documented behaviour, as the drift guard found it.
 */
import type { components } from '../../spec/admin-types.ts';
import { admin } from './admin-api.ts';
import { byId, h, replace } from './dom.ts';
import type { PanelOptions } from './panel.ts';

type DriftFindings = components['schemas']['DriftFindings'];

export function wireDrift(options: PanelOptions): (answer: unknown) => void {
  const show = (answer: unknown): void => {
    const listing = answer as DriftFindings | undefined;
    const findings = listing?.findings ?? [];
    byId('drift-count').textContent =
      findings.length === 0 ? '' : String(findings.length + (listing?.dropped ?? 0));
    byId('drift-count').hidden = findings.length === 0;
    byId('drift-clear').hidden = findings.length === 0;
    replace(
      byId('drift-rows'),
      ...(findings.length === 0
        ? [
            h(
              'tr',
              {},
              h(
                'td',
                { colspan: 6, class: 'empty' },
                'No drift findings. A mock answers by its own spec; identity-mock proxy, in front of the real ' +
                  'service, lists here where that service and the documented behaviour disagree.',
              ),
            ),
          ]
        : findings.map((finding) =>
            h(
              'tr',
              { 'data-finding': `${finding.operation} ${finding.kind} ${finding.where}` },
              h('td', {}, h('code', {}, finding.operation)),
              h('td', {}, h('span', { class: 'pill warn' }, finding.kind)),
              h('td', { class: 'where' }, finding.where),
              h(
                'td',
                { class: 'expected' },
                h('div', {}, h('span', { class: 'hint' }, 'expected '), finding.expected),
                h('div', {}, h('span', { class: 'hint' }, 'actual '), finding.actual),
              ),
              h('td', { class: 'num' }, finding.count),
              h('td', { class: 'num' }, `#${finding.first_request_id}`),
            ),
          )),
    );
    byId('drift-dropped').textContent =
      listing?.dropped === undefined ? '' : `${listing.dropped} more distinct findings were not kept.`;
  };
  byId('drift-clear').addEventListener('click', () => {
    void admin('DELETE', '/drift', undefined, false)
      .then(options.refresh)
      .catch(options.fail('drift-status'));
  });
  return show;
}
