/**
 * Sample and large details values for the renderer stories and tests. Large data is generated
 * deterministically (no randomness), so stories, jsdom tests and browser measurements see the same input.
 */
import type { Step } from 'tool-steps/core';
import anviaContent from '../../test/fixtures/anvia-output-content.json';
import grepAnsi from '../../test/fixtures/rust-toolresult-grep-ansi.json';

/** A step to hand a renderer; `details` and the rest as given. */
export function makeStep(partial: Partial<Step> = {}): Step {
  return { id: 'call_1', toolName: 'tool', status: 'succeeded', inputText: '', ...partial };
}

/** The unified diff of the Cogitator `edit_file` fixture, plus a second file. */
export const twoFileDiff = `diff --git a/src/lib/money.ts b/src/lib/money.ts
--- a/src/lib/money.ts
+++ b/src/lib/money.ts
@@ -3,7 +3,7 @@ export interface Money {
   currency: string;
 }
 
-export function formatUsd(money: Money): string {
+export function formatCurrency(money: Money): string {
   return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
     money.amountCents / 100
   );
diff --git a/src/components/PriceTag.tsx b/src/components/PriceTag.tsx
--- a/src/components/PriceTag.tsx
+++ b/src/components/PriceTag.tsx
@@ -1,10 +1,11 @@
 import type { Money } from '../lib/money';
-import { formatUsd } from '../lib/money';
+import { formatCurrency } from '../lib/money';
 
 export interface PriceTagProps {
   price: Money;
+  compact?: boolean;
 }
 
 export function PriceTag({ price }: PriceTagProps) {
-  return <span className="price">{formatUsd(price)}</span>;
+  return <span className="price">{formatCurrency(price)}</span>;
 }
`;

/** Before/after texts with a long unchanged middle (folded by default). */
export function beforeAfter(): { path: string; oldText: string; newText: string } {
  const middle = Array.from({ length: 40 }, (_, i) => `  step${i + 1}();`);
  const oldText = ['function run() {', '  const total = 1;', ...middle, '  return total;', '}', ''].join('\n');
  const newText = ['function run() {', '  const total = 2;', ...middle, '  return total * 2;', '}', ''].join('\n');
  return { path: 'src/run.ts', oldText, newText };
}

/**
 * A valid unified diff of one file with `lines` lines in one hunk: every tenth line is replaced
 * (one removed, one added), the rest is context.
 */
export function bigDiff(lines = 10_000): string {
  const body: string[] = [];
  let oldCount = 0;
  let newCount = 0;
  for (let i = 0; body.length < lines; i++) {
    if (i % 10 === 5) {
      body.push(`-  const value${i} = compute(${i}, 'old');`);
      body.push(`+  const value${i} = compute(${i}, 'new', { cache: true });`);
      oldCount++;
      newCount++;
    } else {
      body.push(`   line ${i}: unchanged context that keeps the hunk long`);
      oldCount++;
      newCount++;
    }
  }
  return `--- a/src/generated/big.ts\n+++ b/src/generated/big.ts\n@@ -1,${oldCount} +1,${newCount} @@\n${body.join('\n')}\n`;
}

const colours = ['\u001b[32m', '\u001b[33m', '\u001b[36m', '\u001b[35m'];

/** A build log of `lines` lines with ANSI colours, a bold summary and a carriage-return progress line every 500 lines. */
export function bigLog(lines = 50_000): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    if (i % 500 === 499) out.push(`progress 10%\rprogress 50%\r\u001b[1mprogress 100%\u001b[0m`);
    else out.push(`${colours[i % 4]}[${String(i).padStart(5, '0')}]\u001b[0m compiling module ${i} of ${lines}: ok`);
  }
  return `${out.join('\n')}\n`;
}

/** `rows` flat records: id, name, status, duration in ms, passed. */
export function bigTable(rows = 5_000): Array<Record<string, string | number | boolean | null>> {
  const statuses = ['passed', 'failed', 'skipped'];
  return Array.from({ length: rows }, (_, i) => ({
    id: i + 1,
    name: `test/case-${i + 1}.test.ts`,
    status: statuses[i % 3] as string,
    durationMs: (i * 37) % 1000,
    retried: i % 7 === 0,
    note: i % 11 === 0 ? null : `run ${i % 4}`,
  }));
}

/** An object nested `depth` levels deep, with a 1,000-item array and a long string at every level. */
export function deepJson(depth = 12): Record<string, unknown> {
  let node: Record<string, unknown> = { leaf: true, value: 42 };
  for (let level = depth; level > 0; level--) {
    node = {
      level,
      name: `level ${level}`,
      items:
        level === 1 ? Array.from({ length: 1_000 }, (_, i) => ({ index: i, even: i % 2 === 0 })) : [level, level * 2],
      description: 'x'.repeat(level === 1 ? 2_000 : 20),
      child: node,
    };
  }
  return node;
}

/** VT Code's grep result (`ui_content` with ANSI, `llm_content`, token counts 227 → 52). */
export const vtGrep = grepAnsi;

/** Anvia's `content` output with a text part and a 1×1 PNG file part. */
export const anviaContentOutput = anviaContent.output;

/** A terminal value with stdout, stderr and a failing exit code. */
export const failingCommand = {
  command: 'pnpm test',
  stdout: '\u001b[32m✓\u001b[0m src/lib/money.test.ts (6)\n\u001b[31m✗\u001b[0m src/api/orders.test.ts (1 failed)\n',
  stderr: '\u001b[31mAssertionError\u001b[0m: expected 41 to be 42\n    at orders.test.ts:12:5\n',
  exitCode: 1,
  durationMs: 8421,
};
