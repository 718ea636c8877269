/**
 * The best-hold hint off the page's thread: the first call builds the counting tables over every
 * hand of the deck (one to six seconds on a phone), which on the main thread froze the page.
 */
import { answerHint, type HintAnswer, type HintRequest } from './hint-protocol.ts';

/** The worker's global scope, as much of it as this file uses. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HintRequest>) => void) | null;
  postMessage(message: HintAnswer): void;
};
scope.onmessage = (event) => {
  scope.postMessage(answerHint(event.data));
};
