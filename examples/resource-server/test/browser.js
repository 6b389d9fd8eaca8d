/**
 * A browser without a screen, enough for server-rendered login flows: `fetch` with a cookie jar (host-only cookies,
 * by path, removed when they expire), redirects followed one by one as a browser follows them, and the forms of an
 * HTML page submitted with their hidden fields and the headers a browser adds (`Origin`, `Sec-Fetch-Site`).
 * Each example project has its own copy: they are standalone projects.
 */
import assert from 'node:assert/strict';

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decode = (text) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name) => ENTITIES[name]);
const attribute = (tag, name) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return match === null ? undefined : decode(match[1]);
};

/** What a browser says in `Sec-Fetch-Site` when a page of `from` sends a form to `to` (ports make no other site). */
function fetchSite(from, to) {
  if (from.origin === to.origin) return 'same-origin';
  return from.protocol === to.protocol && from.hostname === to.hostname ? 'same-site' : 'cross-site';
}

export function browser() {
  /** host → name → { value, path } (cookies are per host, not per port, as in a browser). */
  const jar = new Map();

  function store(url, response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const options = Object.fromEntries(
        attributes.map((part) => {
          const [key, ...rest] = part.split('=');
          return [key.toLowerCase(), rest.join('=')];
        }),
      );
      const cookies = jar.get(url.hostname) ?? new Map();
      jar.set(url.hostname, cookies);
      const expired =
        options['max-age'] === '0' ||
        (options.expires !== undefined && Date.parse(options.expires) <= Date.now()) ||
        value === '';
      if (expired) cookies.delete(name);
      else cookies.set(name, { value, path: options.path || '/' });
    }
  }

  function cookieHeader(url) {
    const cookies = jar.get(url.hostname) ?? new Map();
    return [...cookies]
      .filter(
        ([, cookie]) =>
          url.pathname === cookie.path || url.pathname.startsWith(cookie.path.replace(/\/?$/, '/')),
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  /** One request, no redirect followed; the response's cookies go to the jar. */
  async function request(address, init = {}) {
    const url = new URL(address);
    const headers = new Headers(init.headers);
    const cookie = cookieHeader(url);
    if (cookie !== '') headers.set('Cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    store(url, response);
    return response;
  }

  /**
   * Follows redirects from `address` until a page answers (or `stop` says a location is where to stop): returns the
   * last response, its URL and its body.
   */
  async function navigate(address, init = {}, stop = () => false) {
    let url = new URL(address);
    let response = await request(url, init);
    for (let hops = 0; response.status >= 300 && response.status < 400; hops += 1) {
      assert.ok(hops < 20, `too many redirects, the last to ${url}`);
      const next = new URL(response.headers.get('location'), url);
      if (stop(next)) return { response, url: next, text: '' };
      const keep = response.status === 307 || response.status === 308;
      url = next;
      response = await request(url, keep ? init : {});
    }
    return { response, url, text: await response.text() };
  }

  /**
   * Submits the form of `page` whose HTML contains `marker` (the first form when none is given): its inputs as they
   * are, then `fields`, posted (or sent by GET) to its action as a browser does, then the redirects followed.
   */
  function submit(page, fields = {}, { marker, stop } = {}) {
    const forms = [...page.text.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)].map((match) => match[0]);
    const form = forms.find((html) => marker === undefined || html.includes(marker));
    assert.ok(form !== undefined, `no form${marker === undefined ? '' : ` with ${marker}`} on ${page.url}`);
    const tag = /<form\b[^>]*>/i.exec(form)[0];
    const values = new URLSearchParams();
    for (const [input] of form.matchAll(/<input\b[^>]*>/gi)) {
      const name = attribute(input, 'name');
      if (name !== undefined && !(name in fields)) values.append(name, attribute(input, 'value') ?? '');
    }
    for (const [name, value] of Object.entries(fields)) values.append(name, value);
    const action = new URL(attribute(tag, 'action') ?? page.url.href, page.url);
    if ((attribute(tag, 'method') ?? 'get').toLowerCase() === 'get') {
      action.search = values.toString();
      return navigate(action, {}, stop);
    }
    return navigate(
      action,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: page.url.origin,
          'Sec-Fetch-Site': fetchSite(page.url, action),
        },
        body: values.toString(),
      },
      stop,
    );
  }

  return { request, navigate, submit, cookies: (host) => new Map(jar.get(host) ?? []) };
}

/** Signs in on identity-mock's login page (`page`) with the email and password form. */
export function signIn(b, page, { email = 'admin@example.com', password = 'Passw0rd!', stop } = {}) {
  assert.match(
    page.text,
    /<title>Sign in · identity-mock<\/title>/,
    `not identity-mock's login page: ${page.url}`,
  );
  return b.submit(page, { email, password }, { marker: 'name="password"', stop });
}
