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

/**
 * How a screen reader treats changes of each piece of `text` in the tree: the politeness of the live
 * region around it (`polite`, `assertive`), or `off` when it is in none. One entry per text node naming
 * exactly `text`; an empty list when the tree has no such text.
 */
export async function livenessOfText(text: string): Promise<string[]> {
  const nodes = await axNodes();
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const parent = new Map<string, string>();
  for (const node of nodes) for (const child of node.childIds ?? []) parent.set(child, node.nodeId);
  const liveOf = (node: AXNode | undefined): string => {
    for (let at = node; at; at = byId.get(parent.get(at.nodeId) ?? '')) {
      const live = at.properties?.find((p) => p.name === 'live')?.value.value;
      if (typeof live === 'string') return live;
    }
    return 'off';
  };
  return nodes
    .filter((node) => node.role?.value === 'StaticText' && String(node.name?.value ?? '').trim() === text)
    .map(liveOf);
}
