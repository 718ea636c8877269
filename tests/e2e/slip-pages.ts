/** Helpers of the bet-slip suites: finding prices to click on a sports list. */
import type { Page } from 'playwright-core';

/** Outcome ids of `count` different games of the list (after `skip`), each priced at least minMilli. */
export async function pickOutcomes(
  target: Page,
  count: number,
  minMilli = 1150,
  skip = 0,
): Promise<string[]> {
  await target.locator('[data-game-id] button[data-outcome-id]:not([disabled])').first().waitFor();
  const ids = await target.$$eval(
    '[data-game-id]',
    (rows, min) =>
      rows.flatMap((row) => {
        const button = [...row.querySelectorAll('button[data-outcome-id]:not([disabled])')].find(
          (b) => Number(b.getAttribute('data-odds-milli')) >= (min as number),
        );
        return button ? [button.getAttribute('data-outcome-id') ?? ''] : [];
      }),
    minMilli,
  );
  const unique = [...new Set(ids)].slice(skip, skip + count);
  if (unique.length < count) throw new Error(`only ${unique.length} priced games on the list`);
  return unique;
}
