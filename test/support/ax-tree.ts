// Chromium's accessibility tree of the test's own frame, read through CDP (`Accessibility.getFullAXTree`):
// the browser tests that check what a screen reader hears share this one reader.
import { cdp } from 'vitest/browser';

export interface AXValue {
  value?: unknown;
}

export interface AXNode {
  nodeId: string;
  ignored?: boolean;
  role?: AXValue;
  name?: AXValue;
  description?: AXValue;
  value?: AXValue;
  properties?: { name: string; value: AXValue }[];
  childIds?: string[];
}

/** Every node of the accessibility tree of the frame the test runs in (a frame of the runner's page). */
export async function axNodes(): Promise<AXNode[]> {
  const session = cdp();
  const { frameTree } = (await session.send('Page.getFrameTree')) as {
    frameTree: { frame: { id: string; url: string }; childFrames?: { frame: { id: string; url: string } }[] };
  };
  const frame = frameTree.childFrames?.find((child) => child.frame.url.includes(location.pathname)) ?? frameTree;
  const { nodes } = (await session.send('Accessibility.getFullAXTree', { frameId: frame.frame.id })) as {
    nodes: AXNode[];
  };
  return nodes;
}
