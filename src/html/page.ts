/**
 * The frame of the authorization server's HTML pages (login, errors, logout, form_post): one small stylesheet, no
 * script but what a page needs, every value escaped. Pages are plain, keyboard-usable and readable by a screen
 * reader: a language, a title, one `main` landmark, real headings and labels.
 */

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` safe inside HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** `value` as a JavaScript literal safe inside a `<script>` element. */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLE = `
:root { color-scheme: light; --ink: #1d2330; --muted: #5b6475; --line: #d5dae3; --accent: #2f5bd3;
  --accent-ink: #ffffff; --bad: #a1232b; --bad-bg: #fdecee; --bg: #f3f5f9; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink); background: var(--bg); }
main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border: 1px solid var(--line);
  border-radius: 12px; box-shadow: 0 1px 3px rgba(20, 30, 60, .08); }
.brand { margin: 0 0 .25rem; font-size: .8rem; letter-spacing: .06em; text-transform: uppercase; color: var(--muted); }
h1 { margin: 0 0 .25rem; font-size: 1.5rem; line-height: 1.25; }
h2 { margin: 1.75rem 0 .75rem; font-size: 1rem; }
p { margin: .5rem 0; }
.muted { color: var(--muted); font-size: .9rem; }
.alert { margin: 1rem 0; padding: .75rem 1rem; border: 1px solid var(--bad); border-radius: 8px; color: var(--bad);
  background: var(--bad-bg); font-weight: 600; }
.accounts { list-style: none; margin: 0; padding: 0; display: grid; gap: .5rem; }
.account { width: 100%; display: flex; flex-direction: column; align-items: flex-start; gap: .1rem; padding: .7rem 1rem;
  border: 1px solid var(--line); border-radius: 8px; background: #fff; color: var(--ink); font: inherit; text-align: left;
  cursor: pointer; }
.account:hover { border-color: var(--accent); background: #f5f8ff; }
.account strong { font-size: 1rem; }
.account span { color: var(--muted); font-size: .875rem; }
label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
input[type=email], input[type=password] { width: 100%; padding: .6rem .75rem; border: 1px solid #8a93a6;
  border-radius: 8px; font: inherit; color: var(--ink); background: #fff; }
input[aria-invalid=true] { border-color: var(--bad); }
.primary { margin-top: 1.25rem; width: 100%; padding: .7rem 1rem; border: 0; border-radius: 8px; background: var(--accent);
  color: var(--accent-ink); font: inherit; font-weight: 600; cursor: pointer; }
.primary:hover { background: #2449b0; }
:focus-visible { outline: 3px solid #f0b429; outline-offset: 2px; }
.divider { display: flex; align-items: center; gap: .75rem; margin: 1.5rem 0 0; color: var(--muted); font-size: .875rem; }
.divider::before, .divider::after { content: ""; flex: 1; border-top: 1px solid var(--line); }
footer { margin-top: 1.5rem; padding-top: 1rem; border-top: 1px solid var(--line); }
code { font-size: .875em; background: #eef1f6; padding: .05rem .3rem; border-radius: 4px; }
@media (max-width: 30rem) { main { margin: 1rem; padding: 1.5rem; } }
`;

/** A whole page: `body` is HTML already escaped by its builder. */
export function htmlPage(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
${head}</head>
<body>
<main>
<p class="brand">identity-mock</p>
${body}
</main>
</body>
</html>
`;
}
