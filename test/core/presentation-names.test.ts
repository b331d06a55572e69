// humanizeToolName, verbForms and tenseOf: tool names read for people, and the English verb forms.

import { STEP_STATUSES } from 'tool-steps/core';
import { humanizeToolName, tenseOf, verbForms } from 'tool-steps/presentation';
import { describe, expect, it } from 'vitest';

describe('humanizeToolName', () => {
  const table: Array<[name: string, expected: ReturnType<typeof humanizeToolName>]> = [
    ['delete_file', { label: 'Delete file', verb: 'delete', noun: 'file' }],
    ['getWeather', { label: 'Get weather', verb: 'get', noun: 'weather' }],
    ['search-orders', { label: 'Search orders', verb: 'search', noun: 'orders' }],
    ['SearchOrders', { label: 'Search orders', verb: 'search', noun: 'orders' }],
    ['SEARCH_ORDERS', { label: 'Search orders', verb: 'search', noun: 'orders' }],
    ['search orders', { label: 'Search orders', verb: 'search', noun: 'orders' }],
    ['fetch.url', { label: 'Fetch URL', verb: 'fetch', noun: 'URL' }],
    ['mcp__github__create_issue', { label: 'Create issue', verb: 'create', noun: 'issue', server: 'github' }],
    ['github.create_issue', { label: 'Create issue', verb: 'create', noun: 'issue', server: 'github' }],
    ['github/create_issue', { label: 'Create issue', verb: 'create', noun: 'issue', server: 'github' }],
    ['github__create_issue', { label: 'Create issue', verb: 'create', noun: 'issue', server: 'github' }],
    ['mcp__claude_ai_Notion__search', { label: 'Search', verb: 'search', server: 'claude_ai_Notion' }],
    ['functions.get_weather', { label: 'Get weather', verb: 'get', noun: 'weather' }],
    ['default_api.list_files', { label: 'List files', verb: 'list', noun: 'files' }],
    ['getHTTPResponse', { label: 'Get HTTP response', verb: 'get', noun: 'HTTP response' }],
    ['runSQLQuery', { label: 'Run SQL query', verb: 'run', noun: 'SQL query' }],
    ['get_user_ids', { label: 'Get user IDs', verb: 'get', noun: 'user IDs' }],
    ['get_v2_orders', { label: 'Get v2 orders', verb: 'get', noun: 'v2 orders' }],
    ['base64Encode', { label: 'Base64 encode', noun: 'Base64 encode' }],
    ['search_github_repos', { label: 'Search GitHub repos', verb: 'search', noun: 'GitHub repos' }],
    ['exec_cmd', { label: 'Execute command', verb: 'execute', noun: 'command' }],
    ['lookup_customer', { label: 'Lookup customer', verb: 'lookup', noun: 'customer' }],
    ['slack_post_message', { label: 'Post message', verb: 'post', noun: 'message', server: 'slack' }],
    ['tavily_search', { label: 'Search Tavily', verb: 'search', noun: 'Tavily' }],
    ['browser_navigate', { label: 'Navigate', verb: 'navigate' }],
    ['browser_snapshot', { label: 'Browser snapshot', noun: 'Browser snapshot' }],
    ['weather', { label: 'Weather', noun: 'Weather' }],
    ['搜索文件', { label: '搜索文件', noun: '搜索文件' }],
    ['', { label: 'Tool call' }],
    ['   ', { label: 'Tool call' }],
    ['___', { label: 'Tool call' }],
  ];
  for (const [name, expected] of table) {
    it(`${JSON.stringify(name)} → ${JSON.stringify(expected)}`, () => {
      expect(humanizeToolName(name)).toStrictEqual(expected);
    });
  }

  it('is stable: the same name twice gives equal results (memoized)', () => {
    expect(humanizeToolName('create_issue')).toStrictEqual(humanizeToolName('create_issue'));
  });

  it('caps the label and drops control and bidi characters', () => {
    const huge = humanizeToolName('a'.repeat(10_000_000));
    expect(huge.label.length).toBeLessThanOrEqual(60);
    expect(huge.label.endsWith('…')).toBe(true);
    expect(humanizeToolName('\u202Eevil\u0000_\u2067name\u200F').label).toBe('Evil name');
    expect(humanizeToolName(42 as never)).toStrictEqual({ label: 'Tool call' });
  });

  it('never cuts a label inside a surrogate pair', () => {
    // U+20000 is a letter outside the BMP: two UTF-16 units.
    const label = humanizeToolName(`run_${'a'.repeat(54)}\u{20000}\u{20000}\u{20000}`).label;
    expect(label).toBe(`Run ${'a'.repeat(54)}…`);
    expect(label.length).toBeLessThanOrEqual(60);
    expect(label).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('verbForms', () => {
  const table: Array<[verb: string, present: string, past: string]> = [
    ['delete', 'deleting', 'deleted'],
    ['create', 'creating', 'created'],
    ['read', 'reading', 'read'],
    ['write', 'writing', 'wrote'],
    ['run', 'running', 'ran'],
    ['get', 'getting', 'got'],
    ['find', 'finding', 'found'],
    ['send', 'sending', 'sent'],
    ['make', 'making', 'made'],
    ['set', 'setting', 'set'],
    ['put', 'putting', 'put'],
    ['build', 'building', 'built'],
    ['buy', 'buying', 'bought'],
    ['take', 'taking', 'took'],
    ['give', 'giving', 'gave'],
    ['do', 'doing', 'did'],
    ['see', 'seeing', 'saw'],
    ['think', 'thinking', 'thought'],
    ['stop', 'stopping', 'stopped'],
    ['drop', 'dropping', 'dropped'],
    ['grep', 'grepping', 'grepped'],
    ['plan', 'planning', 'planned'],
    ['fix', 'fixing', 'fixed'],
    ['mix', 'mixing', 'mixed'],
    ['show', 'showing', 'showed'],
    ['play', 'playing', 'played'],
    ['query', 'querying', 'queried'],
    ['copy', 'copying', 'copied'],
    ['apply', 'applying', 'applied'],
    ['tie', 'tying', 'tied'],
    ['agree', 'agreeing', 'agreed'],
    ['submit', 'submitting', 'submitted'],
    ['commit', 'committing', 'committed'],
    ['format', 'formatting', 'formatted'],
    ['visit', 'visiting', 'visited'],
    ['edit', 'editing', 'edited'],
    ['open', 'opening', 'opened'],
    ['sync', 'syncing', 'synced'],
    ['search', 'searching', 'searched'],
    ['quit', 'quitting', 'quit'],
    ['lookup', 'looking up', 'looked up'],
    ['setup', 'setting up', 'set up'],
  ];
  for (const [verb, present, past] of table) {
    it(`${verb} → ${present}, ${past}`, () => {
      expect(verbForms(verb)).toStrictEqual({ base: verb, present, past });
    });
  }
});

describe('tenseOf', () => {
  it('running and streaming read in the present, succeeded in the past, the rest in the base form', () => {
    expect(Object.fromEntries(STEP_STATUSES.map((status) => [status, tenseOf(status)]))).toStrictEqual({
      'input-streaming': 'present',
      running: 'present',
      'awaiting-approval': 'base',
      succeeded: 'past',
      failed: 'base',
      denied: 'base',
      cancelled: 'base',
      interrupted: 'base',
    });
    expect(tenseOf(undefined)).toBe('base');
  });
});
