import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SourcesView } from '../../src/renderers/sources-view';
import { makeStep } from './data';
import { Frame } from './frame';

const results = {
  kind: 'sources',
  sources: [
    {
      url: 'https://docs.ag-ui.com/concepts/events',
      title: 'Events – Agent User Interaction Protocol',
      snippet: 'Tool call events: TOOL_CALL_START, TOOL_CALL_ARGS, TOOL_CALL_END, TOOL_CALL_RESULT.',
    },
    { url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools', title: 'Tools – MCP' },
    { url: 'https://www.example.com/a/very/long/path/that/goes/on/and/on?with=query&and=more' },
  ],
};

const meta = {
  title: 'Renderers/Sources view',
  component: SourcesView,
  decorators: [(Story) => <Frame>{Story()}</Frame>],
  args: { step: makeStep({ toolName: 'web_search' }), details: results, kind: 'sources' },
} satisfies Meta<typeof SourcesView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Web search results: title, domain and snippet; links open in a new tab and are never fetched. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const links = within(canvasElement).getAllByRole('link');
    await expect(links).toHaveLength(3);
    await expect(links[0]).toHaveAttribute('rel', 'noreferrer noopener');
  },
};

/** No sources, links that are not web links, and dark. */
export const States: Story = {
  render: () => (
    <>
      <Frame title="No sources">
        <SourcesView step={makeStep({ id: 'a' })} details={{ kind: 'sources', sources: [] }} kind="sources" />
      </Frame>
      <Frame title="Not web links: shown as text">
        <SourcesView
          step={makeStep({ id: 'b' })}
          details={{
            kind: 'sources',
            sources: [
              { url: 'javascript:alert(1)', title: 'Click me' },
              { url: 'file:///repo/src/a.ts', title: 'src/a.ts' },
            ],
          }}
          kind="sources"
        />
      </Frame>
      <Frame title="Dark" theme="dark">
        <SourcesView step={makeStep({ id: 'c' })} details={results} kind="sources" />
      </Frame>
    </>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No sources.')).toBeVisible();
    await expect(canvasElement.querySelector('a[href^="javascript"], a[href^="file"]')).toBeNull();
  },
};
