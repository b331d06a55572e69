import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MediaView } from '../../src/renderers/media-view';
import { anviaContentOutput, makeStep } from './data';
import { Frame } from './frame';

// a 24×24 PNG (a blue square), so the image is visible in screenshots
const bluePng =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAAH0lEQVR4nGPgzLxFFcQwatCoQaMGjRo0atCoQQNvEADqPusfBcV+NwAAAABJRU5ErkJggg==';

const meta = {
  title: 'Renderers/Media view',
  component: MediaView,
  decorators: [(Story) => <Frame>{Story()}</Frame>],
  args: { step: makeStep({ toolName: 'render_chart' }), details: anviaContentOutput, kind: 'media' },
} satisfies Meta<typeof MediaView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Anvia `content` output: a text part and a PNG file part. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'orders_by_day.png' })).toBeVisible();
  },
};

/** Images with alt text, file chips with download links, and URLs that are refused. */
export const States: Story = {
  render: () => (
    <>
      <Frame title="Image with alt text, and a file chip">
        <MediaView
          step={makeStep({ id: 'a' })}
          details={[
            { type: 'image', mediaType: 'image/png', data: bluePng, alt: 'A blue square' },
            {
              type: 'file',
              mediaType: 'application/pdf',
              data: { type: 'url', url: 'https://example.com/report.pdf' },
              filename: 'report.pdf',
              size: 182_000,
            },
            { type: 'file', mediaType: 'text/csv', data: { type: 'text', text: 'a,b\n1,2\n' }, filename: 'rows.csv' },
          ]}
          kind="media"
        />
      </Frame>
      <Frame title="Refused: javascript:, SVG data, vbscript:">
        <MediaView
          step={makeStep({ id: 'b' })}
          details={[
            { type: 'image', url: 'javascript:alert(1)', filename: 'x.png' },
            { type: 'file', mediaType: 'image/svg+xml', data: 'PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+', filename: 'logo.svg' },
            { type: 'file', url: 'vbscript:msgbox(1)', filename: 'run.vbs' },
          ]}
          kind="media"
        />
      </Frame>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'A blue square' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Download report.pdf' })).toHaveAttribute(
      'href',
      'https://example.com/report.pdf',
    );
    await expect(canvasElement.querySelectorAll('img')).toHaveLength(1);
    await expect(canvasElement.querySelectorAll('a')).toHaveLength(1);
  },
};

/** Forty images and files at once. */
export const ManyParts: Story = {
  name: 'Large: 40 parts',
  args: {
    details: Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? { type: 'image', mediaType: 'image/png', data: bluePng, filename: `frame-${i}.png` }
        : {
            type: 'file',
            mediaType: 'application/json',
            data: { type: 'text', text: '{}' },
            filename: `data-${i}.json`,
          },
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('img')).toHaveLength(20);
  },
};
