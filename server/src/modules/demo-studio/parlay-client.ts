/**
 * The studio's side of the provider wallet API: signed JSON calls to Parlay over real HTTP (fetch),
 * exactly as an external studio makes them (docs/casino-providers.md §3–4). The key and the signing
 * come from the casino module's exports; the base URL is the address this very process listens on
 * (never a request's Host header, which a caller could point elsewhere), or PUBLIC_ORIGIN.
 */
import { SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from '../casino/index.ts';

export interface ParlayAnswer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message?: string } };
}

export class ParlayUnavailable extends Error {}

export interface ParlayClientOptions {
  provider: string;
  secret: () => Promise<string>;
  /** http://host:port of Parlay, or null when not known (yet). */
  baseUrl: () => string | null;
  nowMs: () => number;
}

export class ParlayClient {
  readonly #options: ParlayClientOptions;

  constructor(options: ParlayClientOptions) {
    this.#options = options;
  }

  async call(action: string, body: Record<string, unknown>): Promise<ParlayAnswer> {
    const base = this.#options.baseUrl();
    if (!base) throw new ParlayUnavailable('the studio does not know where Parlay listens');
    const timestamp = `${Math.floor(this.#options.nowMs() / 1000)}`;
    const signature = signBody(await this.#options.secret(), timestamp, body);
    let res: Response;
    try {
      res = await fetch(`${base}/provider-api/v1/${this.#options.provider}/${action}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signature,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new ParlayUnavailable(`provider API unreachable: ${(error as Error).message}`);
    }
    const text = await res.text();
    let parsed: ParlayAnswer['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ParlayUnavailable(`provider API answered ${res.status} without JSON`);
    }
    if (res.status >= 500) throw new ParlayUnavailable(`provider API answered ${res.status}`);
    return { status: res.status, body: parsed };
  }
}
