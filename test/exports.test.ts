// The public surface is explicit: these lists change only on purpose.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as kit from 'tool-steps';
import * as core from 'tool-steps/core';
import * as presentation from 'tool-steps/presentation';
import * as renderers from 'tool-steps/renderers';
import * as schema from 'tool-steps/schema';
import * as wires from 'tool-steps/wires';
import { describe, expect, it } from 'vitest';

/** `tool-steps/core`: the step model, the reducer, the store, approvals and the stream client (small on purpose). */
const CORE_EXPORTS = [
  'aiSdkApprovalResponse',
  'aiSdkApprovals',
  'anviaInteractionResponse',
  'cogitatorResume',
  'cogitatorResumeBody',
  'cogitatorResumeMessage',
  'createStepStore',
  'createToolStream',
  'emptyStepsState',
  'isActiveStatus',
  'isAwaitingApproval',
  'isTerminalStatus',
  'pendingApprovals',
  'readStream',
  'REASONING_VISIBILITIES',
  'reduceSteps',
  'STEP_STATUSES',
  'turnItems',
];

/** `tool-steps/wires`: the decoders, whole captures, one-shot results, UI messages and MCP. */
const WIRES_EXPORTS = [
  'AGENTS_REJECTION_TEXT',
  'AGENTS_TOOL_ERROR_TEXT',
  'createMcpToolCalls',
  'createMcpTracker',
  'decoderFor',
  'decoders',
  'detectProtocol',
  'eventsFromAnviaToolResult',
  'eventsFromCogitatorThread',
  'eventsFromDualChannelResult',
  'eventsFromText',
  'eventsFromToolOutputs',
  'isToolUIPart',
  'isUIMessageLike',
  'mcpIconSrc',
  'mcpNeedsApproval',
  'mcpResultEvents',
  'mcpSideEffects',
  'mcpToolLabel',
  'englishMcpWords',
  'openaiAgents',
  'stepFromToolUIPart',
  'stepsFromCogitatorThread',
  'stepsFromText',
  'stepsFromUIMessages',
  'subAgentStepId',
];

/** `tool-steps/presentation`: derived presentation, words, redaction, visible text. */
const PRESENTATION_EXPORTS = [
  'approvalPreview',
  'createRedactor',
  'defaultLabels',
  'formatDurationIn',
  'formatElapsedIn',
  'humanizeToolName',
  'inputDigest',
  'isStoppedRun',
  'knownTools',
  'mergeLabels',
  'outcomeOf',
  'plural',
  'presentStep',
  'redactMask',
  'redactText',
  'redactValue',
  'tenseOf',
  'toolLabelIn',
  'verbForms',
  'visibleText',
  'visibleTextWords',
];

/** `tool-steps/schema`: the zod schemas of the native wire format, apart so the other entries carry no zod. */
const SCHEMA_EXPORTS = [
  'DiagnosticEventSchema',
  'ReasoningDeltaEventSchema',
  'ReasoningEndEventSchema',
  'ReasoningStartEventSchema',
  'ReasoningVisibilitySchema',
  'RunAbortEventSchema',
  'RunErrorEventSchema',
  'RunFinishEventSchema',
  'RunStartEventSchema',
  'StepApprovalEventSchema',
  'StepCancelledEventSchema',
  'StepDecisionEventSchema',
  'StepDeniedEventSchema',
  'StepErrorEventSchema',
  'StepEventSchema',
  'StepInputDeltaEventSchema',
  'StepInputEventSchema',
  'StepProgressEventSchema',
  'StepResultEventSchema',
  'StepStartEventSchema',
  'ToolPresentationSchema',
];

/**
 * `tool-steps/renderers`: the details renderers as building blocks, apart so that the list's entry chunk
 * carries none of them (the list loads them with the open details body).
 */
const RENDERERS_EXPORTS = [
  'CopyButton',
  'DETAILS_KINDS',
  'JsonTree',
  'LazyCodeView',
  'LazyDiffView',
  'LazySourcesView',
  'LazyTerminalView',
  'MediaView',
  'ModelViewSwitch',
  'TableView',
  'TextView',
  'builtinRenderers',
  'detailsValue',
  'detectDetailsKind',
];

/** What `tool-steps` adds to the core: hooks, components and parts, icons. */
const REACT_EXPORTS = [
  'FALLBACK_ICON',
  'ToolStep',
  'ToolStepActions',
  'ToolStepApproval',
  'ToolStepApprove',
  'ToolStepCancel',
  'ToolStepContext',
  'ToolStepDeny',
  'ToolStepDetail',
  'ToolStepDetails',
  'ToolStepDetailsContent',
  'ToolStepDetailsTrigger',
  'ToolStepDuration',
  'ToolStepError',
  'ToolStepHeader',
  'ToolStepIcon',
  'ToolStepLabel',
  'ToolStepProgress',
  'ToolStepRetry',
  'ToolStepRoot',
  'ToolStepStatus',
  'ToolSteps',
  'ToolStepsAnnouncer',
  'ToolStepsApproveAll',
  'ToolStepsLabelsContext',
  'ToolStepsLabelsProvider',
  'ToolStepsList',
  'ToolStepsRoot',
  'ToolStepsRunStatus',
  'ToolStepsSummary',
  'announcementOf',
  'defaultStepFamily',
  'determinateProgress',
  'resolveToolIcon',
  'statusIndicators',
  'stepDurationMs',
  'toolIcons',
  'useStep',
  'useSteps',
  'useToolStep',
  'useToolStepsLabels',
  'useToolStream',
  'useUIMessageSteps',
];

describe('export lists', () => {
  it('tool-steps/core exports exactly its list', () => {
    expect(Object.keys(core).sort()).toEqual([...CORE_EXPORTS].sort());
  });

  it('tool-steps/wires and tool-steps/presentation export exactly their lists, none shared with core', () => {
    expect(Object.keys(wires).sort()).toEqual([...WIRES_EXPORTS].sort());
    expect(Object.keys(presentation).sort()).toEqual([...PRESENTATION_EXPORTS].sort());
    const all = [...CORE_EXPORTS, ...WIRES_EXPORTS, ...PRESENTATION_EXPORTS];
    expect(new Set(all).size).toBe(all.length);
  });

  it('tool-steps exports exactly the three framework-free lists plus the React list', () => {
    expect(Object.keys(kit).sort()).toEqual(
      [...CORE_EXPORTS, ...WIRES_EXPORTS, ...PRESENTATION_EXPORTS, ...REACT_EXPORTS].sort(),
    );
  });

  it('tool-steps/schema exports exactly its list, none of it from the other entries', () => {
    expect(Object.keys(schema).sort()).toEqual(SCHEMA_EXPORTS);
    for (const name of SCHEMA_EXPORTS) {
      expect(Object.keys(core), name).not.toContain(name);
      expect(Object.keys(kit), name).not.toContain(name);
    }
  });

  it('tool-steps/renderers exports exactly its list, none of it from the other entries', () => {
    expect(Object.keys(renderers).sort()).toEqual([...RENDERERS_EXPORTS].sort());
    for (const name of RENDERERS_EXPORTS) {
      expect(Object.keys(core), name).not.toContain(name);
      expect(Object.keys(kit), name).not.toContain(name);
    }
  });

  it('tool-steps re-exports every export of core, wires and presentation as the very same value', () => {
    for (const entry of [core, wires, presentation] as Record<string, unknown>[]) {
      expect(Object.keys(entry).length).toBeGreaterThan(5);
      for (const name of Object.keys(entry)) expect((kit as Record<string, unknown>)[name], name).toBe(entry[name]);
    }
  });

  it("src/index.ts is not 'use client' (each module carries its own) and names each export (no export *)", () => {
    const source = readFileSync(resolve(import.meta.dirname, '../src/index.ts'), 'utf8');
    expect(source).not.toMatch(/^\s*['"]use client['"]/);
    expect(source).not.toMatch(/export\s*\*/);
  });
});
