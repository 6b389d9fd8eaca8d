/**
 * The table of tools in docs/agents.md, made from the tools themselves (a test compares the two, so the page
 * cannot fall behind the document). Pure.
 */
import type { AdminTool } from './admin-tools.ts';
import { CALL_API, GET_TOKEN } from './api-tools.ts';

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

/** A Markdown table: each tool, the operation it calls, what it does (the operation's summary). */
export function toolTable(tools: readonly AdminTool[]): string {
  const rows = tools.map((tool) => {
    const args = [
      ...tool.parameters.map((p) => p.name),
      ...(tool.body === 'none' ? [] : ['body']),
      ...(tool.stream ? ['seconds'] : []),
    ];
    return `| \`${tool.name}\` | \`${tool.method} /__admin${tool.path}\` | ${args.length === 0 ? '—' : args.map((a) => `\`${a}\``).join(', ')} | ${cell(tool.annotations.title)} |`;
  });
  const extra = [GET_TOKEN, CALL_API].map((tool) => {
    const args = Object.keys(tool.inputSchema.properties as Record<string, unknown>);
    return `| \`${tool.name}\` | (the identity API) | ${args.map((a) => `\`${a}\``).join(', ')} | ${cell(tool.description.split('. ')[0] ?? '')} |`;
  });
  return ['| tool | calls | arguments | what it does |', '|---|---|---|---|', ...rows, ...extra].join('\n');
}
