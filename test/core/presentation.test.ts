// presentStep: the host's tools entry, the server's presentation, Cogitator's workspace table,
// then a presentation derived from the call: label in the tense of the status, icon, detail line.

import fc from 'fast-check';
import type { Step, StepStatus } from 'tool-steps/core';
import { knownTools, presentStep } from 'tool-steps/presentation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LABEL_MAX } from '../../src/presentation/derived/humanize';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the workspace tools table', () => {
  const table: Array<
    [tool: string, labels: [base: string, running: string, done: string], icon: string, input: object, detail: string]
  > = [
    [
      'read_file',
      ['Read file', 'Reading file', 'Read file'],
      'file-text',
      { path: 'src/lib/money.ts' },
      'src/lib/money.ts',
    ],
    [
      'write_file',
      ['Write file', 'Writing file', 'Wrote file'],
      'file-plus',
      { path: 'notes/todo.md', content: 'x' },
      'notes/todo.md',
    ],
    [
      'edit_file',
      ['Edit file', 'Editing file', 'Edited file'],
      'file-pen',
      { path: 'src/a.ts', oldText: 'foo', newText: 'bar' },
      'src/a.ts',
    ],
    [
      'list_files',
      ['List files', 'Listing files', 'Listed files'],
      'folder',
      { path: 'src/components' },
      'src/components',
    ],
    ['glob', ['Find files', 'Finding files', 'Found files'], 'search', { pattern: '**/*.test.ts' }, '**/*.test.ts'],
    [
      'grep',
      ['Search files', 'Searching files', 'Searched files'],
      'text-search',
      { pattern: 'formatUsd', path: 'src' },
      'formatUsd',
    ],
    [
      'run_command',
      ['Run command', 'Running command', 'Ran command'],
      'terminal',
      { command: 'pnpm test', cwd: '.' },
      'pnpm test',
    ],
  ];

  for (const [tool, [base, running, done], icon, input, detail] of table) {
    it(`${tool} → "${base}" / "${running}" / "${done}", ${icon}, detail "${detail}"`, () => {
      expect(presentStep({ toolName: tool, input })).toStrictEqual({ label: base, icon, detail, source: 'known' });
      for (const status of ['failed', 'denied', 'cancelled', 'interrupted', 'awaiting-approval'] as const) {
        expect(presentStep({ toolName: tool, input, status }).label).toBe(base);
      }
      expect(presentStep({ toolName: tool, input, status: 'input-streaming' }).label).toBe(running);
      expect(presentStep({ toolName: tool, input, status: 'running' })).toStrictEqual({
        label: running,
        icon,
        detail,
        source: 'known',
      });
      expect(presentStep({ toolName: tool, input, status: 'succeeded' }).label).toBe(done);
    });
  }

  it('has exactly those seven tools, in the base form', () => {
    expect(Object.keys(knownTools).sort()).toEqual(table.map(([tool]) => tool).sort());
    for (const [tool, [label], icon] of table) {
      expect(knownTools[tool]).toMatchObject({ label, icon });
    }
  });

  it('list_files without a path shows "."', () => {
    expect(presentStep({ toolName: 'list_files', input: {} })).toStrictEqual({
      label: 'List files',
      icon: 'folder',
      detail: '.',
      source: 'known',
    });
    expect(presentStep({ toolName: 'list_files' }).detail).toBe('.');
    expect(presentStep({ toolName: 'list_files', input: { path: '' } }).detail).toBe('.');
  });

  it('no detail while the arguments have not said it yet', () => {
    expect(presentStep({ toolName: 'read_file' })).toStrictEqual({
      label: 'Read file',
      icon: 'file-text',
      source: 'known',
    });
    expect(presentStep({ toolName: 'read_file', input: {} })).toStrictEqual({
      label: 'Read file',
      icon: 'file-text',
      source: 'known',
    });
    expect(presentStep({ toolName: 'grep', input: 'not an object' }).detail).toBeUndefined();
    expect(presentStep({ toolName: 'grep', input: null }).detail).toBeUndefined();
  });

  it('the detail follows partial arguments as they stream', () => {
    expect(presentStep({ toolName: 'read_file', input: { path: 'src/a' } }).detail).toBe('src/a');
    expect(presentStep({ toolName: 'run_command', input: { command: 'pnpm' } }).detail).toBe('pnpm');
  });

  it('the detail comes from the named argument only, so it does not jump while the arguments stream', () => {
    expect(presentStep({ toolName: 'grep', input: { path: 'src' } }).detail).toBeUndefined();
    expect(presentStep({ toolName: 'glob', input: { path: 'src' } }).detail).toBeUndefined();
    expect(presentStep({ toolName: 'run_command', input: { cmd: 'ls' } }).detail).toBeUndefined();
  });

  it('a long path is shortened in the middle, with the full path as the title', () => {
    const path = 'packages/web/src/features/checkout/components/payment/CreditCardForm.test.tsx';
    expect(presentStep({ toolName: 'read_file', input: { path } })).toStrictEqual({
      label: 'Read file',
      icon: 'file-text',
      detail: 'packages/…/components/payment/CreditCardForm.test.tsx',
      detailTitle: path,
      source: 'known',
    });
  });
});

describe('server presentation and host tools', () => {
  it("the server's presentation wins over the table, and its label keeps its tense", () => {
    for (const status of ['running', 'succeeded', 'failed'] as const) {
      expect(
        presentStep({
          toolName: 'read_file',
          status,
          input: { path: 'a.ts' },
          presentation: { label: 'Open source file', icon: 'book-open', detail: 'a.ts (lines 1-20)' },
        }),
      ).toStrictEqual({ label: 'Open source file', icon: 'book-open', detail: 'a.ts (lines 1-20)', source: 'server' });
    }
  });

  it('field by field: what the server leaves out comes from the table', () => {
    expect(
      presentStep({ toolName: 'read_file', input: { path: 'a.ts' }, presentation: { label: 'Open' } }),
    ).toStrictEqual({ label: 'Open', icon: 'file-text', detail: 'a.ts', source: 'server' });
  });

  it('field by field: what the server leaves out of an unknown tool is derived', () => {
    expect(
      presentStep({ toolName: 'get_weather', input: { city: 'Oslo' }, presentation: { label: 'Weather' } }),
    ).toStrictEqual({ label: 'Weather', icon: 'cloud', detail: 'Oslo', source: 'server' });
    expect(
      presentStep({
        toolName: 'get_weather',
        status: 'running',
        input: { city: 'Oslo' },
        presentation: { label: '', detail: 'Oslo, NO' },
      }),
    ).toStrictEqual({ label: 'Getting weather', icon: 'cloud', detail: 'Oslo, NO', source: 'derived' });
  });

  it('a blank server label is no label', () => {
    expect(presentStep({ toolName: 'delete_file', presentation: { label: '  ' } })).toMatchObject({
      label: 'Delete file',
      source: 'derived',
    });
  });

  it('a host entry beats both the server and the table, by tool name, and its label keeps its tense', () => {
    const tools = { read_file: { label: 'Peek', icon: 'eye' } };
    expect(
      presentStep(
        {
          toolName: 'read_file',
          status: 'succeeded',
          input: { path: 'a.ts' },
          presentation: { label: 'Read', icon: 'file', detail: 'srv' },
        },
        tools,
      ),
    ).toStrictEqual({ label: 'Peek', icon: 'eye', detail: 'srv', source: 'override' });
    expect(presentStep({ toolName: 'grep', input: { pattern: 'x' } }, tools)).toStrictEqual({
      label: 'Search files',
      icon: 'text-search',
      detail: 'x',
      source: 'known',
    });
  });

  it('an entry with only the icon keeps the label source', () => {
    expect(presentStep({ toolName: 'glob', input: { pattern: '*.md' } }, { glob: { icon: 'files' } })).toStrictEqual({
      label: 'Find files',
      icon: 'files',
      detail: '*.md',
      source: 'known',
    });
  });

  it('fields may be functions of the step', () => {
    const step: Partial<Step> & Pick<Step, 'toolName'> = {
      toolName: 'search_orders',
      status: 'succeeded',
      input: { customer: 'ACME', limit: 5 },
      result: { rows: [1, 2, 3] },
    };
    const label = vi.fn((s: Step) => `Found ${(s.result as { rows: unknown[] }).rows.length} orders`);
    const tools = {
      search_orders: {
        label,
        icon: (s: Step) => (s.status === 'succeeded' ? 'check' : undefined),
        detail: (s: Step) => `for ${(s.input as { customer: string }).customer}`,
      },
    };
    expect(presentStep(step as Step, tools)).toStrictEqual({
      label: 'Found 3 orders',
      icon: 'check',
      detail: 'for ACME',
      source: 'override',
    });
    expect(label).toHaveBeenCalledWith(step);
  });

  it('a function that returns undefined or an empty string leaves the field to the next source, without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(
      presentStep(
        { toolName: 'delete_file', status: 'running', input: { path: 'a.txt' } },
        { delete_file: { label: () => undefined, icon: () => '', detail: () => undefined } },
      ),
    ).toStrictEqual({ label: 'Deleting file', icon: 'trash-2', detail: 'a.txt', source: 'derived' });
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('a host tools entry that fails', () => {
  it('a throwing function falls back field by field, and warns once per tool and field', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tools = {
      archive_order: {
        label: () => {
          throw new Error('no locale');
        },
        detail: (s: Step) => (s.input as { nope: { deeper: string } }).nope.deeper,
      },
    };
    const step = { toolName: 'archive_order', status: 'running' as StepStatus, input: { order_id: 'o-17' } };
    expect(presentStep(step, tools)).toStrictEqual({
      label: 'Archiving order',
      icon: 'shopping-cart',
      detail: 'o-17',
      source: 'derived',
    });
    expect(presentStep(step, tools).label).toBe('Archiving order');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toMatch(/tools\.archive_order\.label threw \(no locale\)/);
    expect(warn.mock.calls[1]?.[0]).toMatch(/tools\.archive_order\.detail threw/);
    // Another tool with the same problem warns for itself.
    presentStep({ toolName: 'refund_order' }, { refund_order: tools.archive_order });
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn.mock.calls[2]?.[0]).toMatch(/tools\.refund_order\.label/);
    expect(warn.mock.calls[3]?.[0]).toMatch(/tools\.refund_order\.detail/);
  });

  it('a function that returns a non-string, or a value that is not a string, is skipped with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tools = {
      rotate_key: {
        label: () => 42 as unknown as string,
        icon: null as unknown as string,
        detail: { a: 1 } as unknown as string,
      },
    };
    expect(presentStep({ toolName: 'rotate_key', status: 'succeeded', input: { name: 'prod' } }, tools)).toStrictEqual({
      label: 'Rotated key',
      icon: 'key',
      detail: 'prod',
      source: 'derived',
    });
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls.map(([message]) => String(message).split(' ')[1])).toEqual([
      'tools.rotate_key.label',
      'tools.rotate_key.icon',
      'tools.rotate_key.detail',
    ]);
    expect(warn.mock.calls[0]?.[0]).toMatch(/returned number instead of a string/);
  });

  it('an entry that is not an object is ignored', () => {
    for (const entry of [null, 'Label', 3, () => 'x']) {
      const tools = { delete_file: entry } as never;
      expect(presentStep({ toolName: 'delete_file' }, tools)).toMatchObject({
        label: 'Delete file',
        source: 'derived',
      });
    }
  });
});

describe('tools the kit does not know: derived from the call', () => {
  // [tool name, arguments, [base, running, succeeded], icon, detail, server]
  const table: Array<
    [
      name: string,
      input: unknown,
      labels: [string, string, string],
      icon: string | undefined,
      detail: string | undefined,
      server?: string,
    ]
  > = [
    [
      'get_current_weather',
      { location: 'Boston, MA', unit: 'celsius' },
      ['Get current weather', 'Getting current weather', 'Got current weather'],
      'cloud',
      'Boston, MA',
    ],
    [
      'search_orders',
      { customer_id: 'c_42', status: 'open' },
      ['Search orders', 'Searching orders', 'Searched orders'],
      'search',
      'c_42',
    ],
    [
      'create_issue',
      { owner: 'acme', repo: 'web', title: 'Crash on save' },
      ['Create issue', 'Creating issue', 'Created issue'],
      'circle-dot',
      'Crash on save',
    ],
    [
      'mcp__filesystem__read_text_file',
      { path: '/home/me/notes.md' },
      ['Read text file', 'Reading text file', 'Read text file'],
      'file-text',
      '/home/me/notes.md',
      'filesystem',
    ],
    [
      'browser_navigate',
      { url: 'https://example.com/login' },
      ['Navigate', 'Navigating', 'Navigated'],
      'globe',
      'https://example.com/login',
    ],
    [
      'str_replace_based_edit_tool',
      { command: 'str_replace', path: 'src/app.ts', old_str: 'a', new_str: 'b' },
      ['Edit file', 'Editing file', 'Edited file'],
      'file-pen',
      'src/app.ts',
    ],
    [
      'web_search',
      { query: 'react 19 release notes' },
      ['Search the web', 'Searching the web', 'Searched the web'],
      'search',
      'react 19 release notes',
    ],
    ['code_interpreter', { code: 'print(1 + 1)' }, ['Run code', 'Running code', 'Ran code'], 'code', 'print(1 + 1)'],
    ['bash', { command: 'npm test' }, ['Run command', 'Running command', 'Ran command'], 'terminal', 'npm test'],
    [
      'computer',
      { action: 'screenshot' },
      ['Use computer', 'Using computer', 'Used computer'],
      'monitor',
      'screenshot',
    ],
    [
      'text_editor',
      { command: 'view', path: 'README.md' },
      ['Edit file', 'Editing file', 'Edited file'],
      'file-pen',
      'README.md',
    ],
    [
      'execute_sql',
      { query: 'SELECT * FROM users LIMIT 10' },
      ['Execute SQL', 'Executing SQL', 'Executed SQL'],
      'database',
      'SELECT * FROM users LIMIT 10',
    ],
    [
      'send_email',
      { to: 'bob@example.com', subject: 'Invoice', body: 'Hi Bob' },
      ['Send email', 'Sending email', 'Sent email'],
      'mail',
      'Invoice',
    ],
    ['list_directory', { path: 'src' }, ['List directory', 'Listing directory', 'Listed directory'], 'folder', 'src'],
    ['getWeather', { city: 'Oslo' }, ['Get weather', 'Getting weather', 'Got weather'], 'cloud', 'Oslo'],
    [
      'tavily_search',
      { query: 'best pizza in Naples' },
      ['Search Tavily', 'Searching Tavily', 'Searched Tavily'],
      'search',
      'best pizza in Naples',
    ],
    ['wikipedia', { query: 'Alan Turing' }, ['Wikipedia', 'Wikipedia', 'Wikipedia'], 'globe', 'Alan Turing'],
    [
      'calculator',
      { expression: '2 * (3 + 4)' },
      ['Calculator', 'Calculator', 'Calculator'],
      'calculator',
      '2 * (3 + 4)',
    ],
    ['python_repl', "print('hi')", ['Run Python', 'Running Python', 'Ran Python'], 'code', "print('hi')"],
    [
      'git_commit',
      { message: 'Fix typo', repo_path: '.' },
      ['Git commit', 'Git commit', 'Git commit'],
      'git-commit',
      'Fix typo',
    ],
    [
      'slack_post_message',
      { channel_id: 'C024BE91L', text: 'Deploy done' },
      ['Post message', 'Posting message', 'Posted message'],
      'message-square',
      'C024BE91L',
      'slack',
    ],
    [
      'delete_file',
      { path: 'old/report.csv' },
      ['Delete file', 'Deleting file', 'Deleted file'],
      'trash-2',
      'old/report.csv',
    ],
    [
      'mcp__github__create_issue',
      { owner: 'acme', repo: 'web', title: 'Crash on save' },
      ['Create issue', 'Creating issue', 'Created issue'],
      'circle-dot',
      'Crash on save',
      'github',
    ],
    [
      'github.create_issue',
      { title: 'Crash on save' },
      ['Create issue', 'Creating issue', 'Created issue'],
      'circle-dot',
      'Crash on save',
      'github',
    ],
    ['functions.get_weather', { city: 'Paris' }, ['Get weather', 'Getting weather', 'Got weather'], 'cloud', 'Paris'],
    ['fetch', { url: 'https://example.com/a' }, ['Fetch', 'Fetching', 'Fetched'], 'globe', 'https://example.com/a'],
    [
      'mcp__fetch__fetch',
      { url: 'https://example.com/b' },
      ['Fetch', 'Fetching', 'Fetched'],
      'globe',
      'https://example.com/b',
      'fetch',
    ],
    [
      'browser_click',
      { element: 'Submit button', ref: 'e12' },
      ['Click', 'Clicking', 'Clicked'],
      'globe',
      'Submit button',
    ],
    ['browser_take_screenshot', {}, ['Take screenshot', 'Taking screenshot', 'Took screenshot'], 'globe', undefined],
    ['read_graph', {}, ['Read graph', 'Reading graph', 'Read graph'], 'eye', undefined],
    [
      'sequentialthinking',
      { thought: 'First, list the files', thoughtNumber: 1 },
      ['Think', 'Thinking', 'Thought'],
      'sparkles',
      'First, list the files',
    ],
    [
      'google_search',
      { q: 'vitest fake timers' },
      ['Search Google', 'Searching Google', 'Searched Google'],
      'search',
      'vitest fake timers',
    ],
    [
      'brave_web_search',
      { query: 'bun vs node' },
      ['Search Brave web', 'Searching Brave web', 'Searched Brave web'],
      'search',
      'bun vs node',
    ],
    [
      'search_repositories',
      { query: 'tool-steps' },
      ['Search repositories', 'Searching repositories', 'Searched repositories'],
      'search',
      'tool-steps',
    ],
    [
      'get_file_contents',
      { owner: 'acme', repo: 'web', path: 'package.json' },
      ['Get file contents', 'Getting file contents', 'Got file contents'],
      'file-text',
      'package.json',
    ],
    [
      'create_pull_request',
      { title: 'Add dark mode', head: 'dark', base: 'main' },
      ['Create pull request', 'Creating pull request', 'Created pull request'],
      'git-pull-request',
      'Add dark mode',
    ],
    [
      'list_commits',
      { owner: 'acme', repo: 'web' },
      ['List commits', 'Listing commits', 'Listed commits'],
      'git-commit',
      'web',
    ],
    [
      'execute_python',
      { code: 'import pandas as pd' },
      ['Execute Python', 'Executing Python', 'Executed Python'],
      'code',
      'import pandas as pd',
    ],
    [
      'generate_image',
      { prompt: 'a red fox in the snow' },
      ['Generate image', 'Generating image', 'Generated image'],
      'image',
      'a red fox in the snow',
    ],
    [
      'query_database',
      { sql: 'select 1' },
      ['Query database', 'Querying database', 'Queried database'],
      'database',
      'select 1',
    ],
    [
      'lookup_customer',
      { email: 'ann@example.com' },
      ['Lookup customer', 'Looking up customer', 'Looked up customer'],
      'search',
      'ann@example.com',
    ],
    [
      'get_stock_price',
      { ticker: 'AAPL' },
      ['Get stock price', 'Getting stock price', 'Got stock price'],
      'eye',
      'AAPL',
    ],
    [
      'schedule_meeting',
      { title: 'Standup', start: '2026-01-01T09:00' },
      ['Schedule meeting', 'Scheduling meeting', 'Scheduled meeting'],
      'calendar',
      'Standup',
    ],
    [
      'WebFetch',
      { url: 'https://docs.example.com/guide', prompt: 'summarize' },
      ['Fetch web page', 'Fetching web page', 'Fetched web page'],
      'globe',
      'https://docs.example.com/guide',
    ],
    ['Read', { file_path: '/repo/src/index.ts' }, ['Read', 'Reading', 'Read'], 'file-text', '/repo/src/index.ts'],
    ['Grep', { pattern: 'TODO', path: 'src' }, ['Grep', 'Grepping', 'Grepped'], 'text-search', 'TODO'],
    [
      'Bash',
      { command: 'git status', description: 'Show status' },
      ['Run command', 'Running command', 'Ran command'],
      'terminal',
      'git status',
    ],
    ['Task', { description: 'Find the bug', prompt: '...' }, ['Task', 'Task', 'Task'], 'bot', 'Find the bug'],
    ['remember', { fact: 'likes tea' }, ['Remember', 'Remembering', 'Remembered'], 'brain', 'likes tea'],
    [
      'translate_text',
      { text: 'Hallo', target_lang: 'en' },
      ['Translate text', 'Translating text', 'Translated text'],
      'languages',
      'Hallo',
    ],
    [
      'create_calendar_event',
      { summary: 'Dentist' },
      ['Create calendar event', 'Creating calendar event', 'Created calendar event'],
      'calendar',
      'Dentist',
    ],
    ['upload_file', { filename: 'a.pdf' }, ['Upload file', 'Uploading file', 'Uploaded file'], 'upload', 'a.pdf'],
    [
      'download_file',
      { url: 'https://x.io/a.zip' },
      ['Download file', 'Downloading file', 'Downloaded file'],
      'download',
      'https://x.io/a.zip',
    ],
    ['update_user', { userId: 'u1', name: 'Ann' }, ['Update user', 'Updating user', 'Updated user'], 'user', 'u1'],
    ['get_time', { timezone: 'Europe/Oslo' }, ['Get time', 'Getting time', 'Got time'], 'clock', 'Europe/Oslo'],
    [
      'create_payment_intent',
      { amount: 100 },
      ['Create payment intent', 'Creating payment intent', 'Created payment intent'],
      'credit-card',
      undefined,
    ],
  ];

  it('the table covers at least 40 real tool names', () => {
    expect(table.length).toBeGreaterThanOrEqual(40);
  });

  for (const [name, input, [base, running, done], icon, detail, server] of table) {
    it(`${name} → "${base}" / "${running}" / "${done}", ${icon ?? 'no icon'}, ${detail ?? 'no detail'}`, () => {
      const expected = {
        label: base,
        source: 'derived',
        ...(icon && { icon }),
        ...(detail && { detail }),
        ...(server && { server }),
      };
      expect(presentStep({ toolName: name, input })).toStrictEqual(expected);
      expect(presentStep({ toolName: name, input, status: 'failed' })).toStrictEqual(expected);
      expect(presentStep({ toolName: name, input, status: 'running' })).toStrictEqual({ ...expected, label: running });
      expect(presentStep({ toolName: name, input, status: 'input-streaming' }).label).toBe(running);
      expect(presentStep({ toolName: name, input, status: 'succeeded' })).toStrictEqual({ ...expected, label: done });
    });
  }

  it('a tool the wire never named is "Tool call", with the detail its arguments give', () => {
    expect(presentStep({ toolName: '' })).toStrictEqual({ label: 'Tool call', source: 'name' });
    expect(presentStep({ toolName: ' \t\n' })).toStrictEqual({ label: 'Tool call', source: 'name' });
    expect(presentStep({ toolName: '', input: { path: 'x.ts' } })).toStrictEqual({
      label: 'Tool call',
      detail: 'x.ts',
      source: 'name',
    });
  });

  it('a name that is not a verb phrase is not conjugated', () => {
    for (const status of ['running', 'succeeded'] as const) {
      expect(presentStep({ toolName: 'weather', status }).label).toBe('Weather');
      expect(presentStep({ toolName: 'orders', status }).label).toBe('Orders');
      expect(presentStep({ toolName: 'deal_details', status }).label).toBe('Deal details');
    }
  });

  it('the detail follows partial arguments while they stream', () => {
    const stream = [undefined, {}, { city: '' }, { city: 'Os' }, { city: 'Oslo' }, { city: 'Oslo', unit: 'c' }];
    expect(
      stream.map((input) => presentStep({ toolName: 'get_weather', status: 'input-streaming', input }).detail),
    ).toEqual([undefined, undefined, undefined, 'Os', 'Oslo', 'Oslo']);
  });
});

describe('bad input', () => {
  it('tool names that are Object.prototype keys are ordinary unknown tools', () => {
    for (const [toolName, label] of [
      ['constructor', 'Constructor'],
      ['toString', 'To string'],
      ['__proto__', 'Proto'],
      ['hasOwnProperty', 'Has own property'],
      ['valueOf', 'Value of'],
    ]) {
      expect(presentStep({ toolName: toolName as string })).toStrictEqual({ label, source: 'derived' });
      expect(presentStep({ toolName: toolName as string }, {})).toStrictEqual({ label, source: 'derived' });
    }
  });

  it('Object.prototype keys as argument names are ordinary arguments', () => {
    const input = JSON.parse('{"__proto__": {"path": "evil"}, "constructor": "c", "toString": "t", "query": "q"}');
    expect(presentStep({ toolName: 'search', input }).detail).toBe('q');
    expect(presentStep({ toolName: 'x', input: JSON.parse('{"__proto__": "p", "constructor": "c"}') }).detail).toBe(
      'p',
    );
    expect(presentStep({ toolName: 'x', input: JSON.parse('{"__proto__": {"path": "nested.ts"}}') }).detail).toBe(
      'nested.ts',
    );
  });

  it('a 10 MB name gives a bounded label, fast', () => {
    const name = `delete_${'x'.repeat(10 * 1024 * 1024)}`;
    const resolved = presentStep({ toolName: name, status: 'running' });
    expect(resolved.label.length).toBeLessThanOrEqual(LABEL_MAX);
    expect(resolved.label).toMatch(/^Deleting x+…$/);
  });

  it('control and bidirectional-override characters never reach the label or the detail: they are shown as markers', () => {
    const resolved = presentStep({
      toolName: '\u202Edelete\u0000_file\u2066\u200B',
      input: { path: 'ab\u202Ecd\u0007.txt\u2069' },
    });
    // a name with hidden characters imitates another: it is shown as it is, not read as "Delete file"
    expect(resolved.label).toBe('⟨U+202E⟩delete⟨U+0000⟩_file⟨U+2066⟩⟨U+200B⟩');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for exactly those
    expect(resolved.detail).not.toMatch(/[\u0000-\u001f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(resolved.detail).toBe('ab⟨U+202E⟩cd⟨U+0007⟩.txt⟨U+2069⟩');
  });

  it('a step whose fields throw when read shows "Tool call"', () => {
    const step = new Proxy(
      { toolName: 'read_file' },
      {
        get(target, key) {
          if (key === 'input') throw new Error('getter');
          return Reflect.get(target, key);
        },
      },
    );
    expect(presentStep(step)).toStrictEqual({ label: 'Tool call', source: 'name' });
    expect(presentStep(null as never)).toStrictEqual({ label: 'Tool call', source: 'name' });
  });

  it('never throws, and the label is never empty, for any step-like input (property)', () => {
    const status = fc.constantFrom<StepStatus | undefined>(
      undefined,
      'input-streaming',
      'running',
      'awaiting-approval',
      'succeeded',
      'failed',
      'denied',
      'cancelled',
      'interrupted',
    );
    const name = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.constantFrom('__proto__', 'constructor', 'mcp__', 'mcp____x', 'a.b.c', '/', '__', 'read_file', '...'),
      fc
        .array(fc.constantFrom('get', 'HTTP', 'file', '_', '-', '.', '/', '__', 'mcp', 'Search', '2', ' '), {
          maxLength: 12,
        })
        .map((parts) => parts.join('')),
    );
    const field = fc.oneof(fc.string(), fc.constant(undefined), fc.anything());
    const tools = fc.option(
      fc.dictionary(fc.string(), fc.record({ label: field, icon: field, detail: field }, { requiredKeys: [] })),
      { nil: undefined },
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fc.assert(
      fc.property(
        name,
        fc.anything(),
        status,
        fc.option(fc.anything(), { nil: undefined }),
        tools,
        (toolName, input, st, presentation, hostTools) => {
          const resolved = presentStep({ toolName, input, status: st, presentation } as never, hostTools as never);
          expect(resolved.label.trim()).not.toBe('');
          if (resolved.source === 'derived' || resolved.source === 'name' || resolved.source === 'known') {
            expect(resolved.label.length).toBeLessThanOrEqual(LABEL_MAX);
          }
          if (resolved.detail !== undefined) expect(typeof resolved.detail).toBe('string');
        },
      ),
      { numRuns: 2000 },
    );
    warn.mockRestore();
  });
});

describe('cost', () => {
  it('the same step object with the same tools gives the same presentation object (rows ask three times per render)', () => {
    const step = { toolName: 'delete_file', status: 'running' as StepStatus, input: { path: 'a.txt' } };
    const tools = { other_tool: { label: 'Other' } };
    const first = presentStep(step, tools);
    expect(presentStep(step, tools)).toBe(first);
    expect(presentStep(step)).not.toBe(first);
    expect(presentStep({ ...step, status: 'succeeded' }).label).toBe('Deleted file');
  });

  it('host functions are called on every call (they may read more than the step)', () => {
    let locale = 'en';
    const step = { toolName: 'delete_file', status: 'running' as StepStatus, input: { path: 'a.txt' } };
    const tools = { delete_file: { label: () => (locale === 'en' ? 'Deleting' : 'Löschen') } };
    expect(presentStep(step, tools).label).toBe('Deleting');
    locale = 'de';
    expect(presentStep(step, tools).label).toBe('Löschen');
  });
});
