// axe-core in the page: the accessibility rules a screen breaks, worded so a failure names the
// rule, the element and (for contrast) the colours and their ratio.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail the suite. */
export const FAILING_IMPACTS: readonly string[] = ['serious', 'critical'];

export type AxeFinding = {
  rule: string;
  impact: string;
  help: string;
  target: string;
  /** For contrast: "#868e96 on #ffffff = 3.32:1 (needs 4.5:1, 14px normal)". */
  detail: string;
};

type AxeNode = {
  impact?: string | null;
  target: unknown[];
  html: string;
  any: { id: string; data?: Record<string, unknown> | null; message?: string }[];
  all: { message?: string }[];
  none: { message?: string }[];
};
type AxeResult = { id: string; impact?: string | null; help: string; nodes: AxeNode[] };

const contrastOf = (node: AxeNode): string => {
  const data = node.any.find((check) => check.id === 'color-contrast')?.data;
  if (!data || typeof data.contrastRatio !== 'number') return '';
  return (
    `${String(data.fgColor)} on ${String(data.bgColor)} = ${data.contrastRatio}:1 ` +
    `(needs ${String(data.expectedContrastRatio)}, ${String(data.fontSize)} ${String(data.fontWeight)})`
  );
};

const messageOf = (node: AxeNode): string =>
  contrastOf(node) ||
  [...node.any, ...node.all, ...node.none]
    .map((check) => check.message)
    .filter(Boolean)
    .slice(0, 2)
    .join('; ') ||
  node.html.slice(0, 160);

/**
 * Runs axe-core on the whole page (WCAG 2.0-2.2 A/AA and best practices) and answers every
 * failing element of a serious or critical rule.
 */
export const axeFindings = async (page: Page): Promise<AxeFinding[]> => {
  // A drawer or menu still fading in shows its text part-transparent: colours are judged once
  // the page's finite animations and transitions have ended (at most 2 s; spinners run on).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  const results = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const answer = (await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    })) as { violations: unknown[] };
    return answer.violations;
  })) as AxeResult[];
  const findings: AxeFinding[] = [];
  for (const result of results) {
    for (const node of result.nodes) {
      const impact = node.impact ?? result.impact ?? 'unknown';
      if (!FAILING_IMPACTS.includes(impact)) continue;
      findings.push({
        rule: result.id,
        impact,
        help: result.help,
        target: node.target.map(String).join(' >> '),
        detail: messageOf(node),
      });
    }
  }
  return findings;
};

/**
 * The findings in the light scheme, then in the dark one (each dark finding's target says so),
 * the page left light. The dark pass waits for the controls' colour transitions, which axe
 * would otherwise measure half-way.
 */
export const axeFindingsInBothSchemes = async (page: Page): Promise<AxeFinding[]> => {
  const light = await axeFindings(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(300);
  const dark = await axeFindings(page);
  await page.emulateMedia({ colorScheme: 'light' });
  return [...light, ...dark.map((finding) => ({ ...finding, target: `${finding.target} (dark)` }))];
};

/** One line a person can act on: where, which rule, which element, why. */
export const describeFinding = (where: string, finding: AxeFinding): string =>
  `[${where}] ${finding.rule} (${finding.impact}: ${finding.help}) at ${finding.target} — ` +
  finding.detail;
