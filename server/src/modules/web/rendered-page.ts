/**
 * A rendered page as the web role sends it: its head (a redirect, or the status and headers) and
 * the HTML as UTF-8 bytes, with each compressed form made once when first asked for. A render
 * worker writes the bytes into a slot of memory it shares with the main thread (page-slots.ts),
 * which the page gives back once it has been sent (release) or copied to be kept (kept).
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ShellResponse } from '@parlay/mf/contract.ts';

type HtmlResponse = Extract<ShellResponse, { kind: 'html' }>;
/** A shell response without its HTML. */
export type PageHead = Extract<ShellResponse, { kind: 'redirect' }> | Omit<HtmlResponse, 'html'>;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The head of a shell response and its HTML's UTF-8 bytes (empty for a redirect). */
export function splitResponse(response: ShellResponse): { head: PageHead; bytes: Buffer } {
  if (response.kind === 'redirect') return { head: response, bytes: Buffer.alloc(0) };
  const { html, ...head } = response;
  return { head, bytes: Buffer.from(html, 'utf8') };
}

/** The bytes' own ArrayBuffer, to transfer to another thread (copied only if it is shared). */
export function transferableBytes(bytes: Buffer): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole
    ? bytes.buffer
    : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return buffer as ArrayBuffer;
}

export class RenderedPage {
  readonly head: PageHead;
  readonly bytes: Buffer;
  readonly #encoded = new Map<'br' | 'gzip', Promise<Buffer>>();
  readonly #made = new Set<'br' | 'gzip'>();
  /** Gives the bytes' memory back to whoever lent it (null: the page owns its bytes). */
  #lent: (() => void) | null;

  constructor(head: PageHead, bytes: Buffer, lent: (() => void) | null = null) {
    this.head = head;
    this.bytes = bytes;
    this.#lent = lent;
  }

  /** Whether the bytes are lent memory that release() must give back. */
  get isLent(): boolean {
    return this.#lent !== null;
  }

  /**
   * Gives lent bytes back, once nothing reads them any more: after any compression of them has
   * finished. The page must not be used after this. Nothing happens for a page owning its bytes.
   */
  release(): void {
    const giveBack = this.#lent;
    if (!giveBack) return;
    this.#lent = null;
    const reading = [...this.#encoded.values()];
    if (reading.length === 0) giveBack();
    else void Promise.allSettled(reading).then(giveBack);
  }

  /** A page that may be kept (a cache): this one if it owns its bytes, else a copy, lent bytes given back. */
  kept(): RenderedPage {
    if (!this.#lent) return this;
    const copy = new RenderedPage(this.head, Buffer.from(this.bytes));
    this.release();
    return copy;
  }

  static of(response: ShellResponse): RenderedPage {
    const { head, bytes } = splitResponse(response);
    return new RenderedPage(head, bytes);
  }

  encoded(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let body = this.#encoded.get(encoding);
    if (!body) {
      // Brotli at a dynamic-content quality, as app.ts does for the APIs.
      const made =
        encoding === 'br'
          ? brotli(this.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzip(this.bytes, { level: 6 });
      body = made.then(
        (compressed) => {
          this.#made.add(encoding);
          return compressed;
        },
        (error: unknown) => {
          // Not kept: the next visitor who needs this encoding tries again.
          if (this.#encoded.get(encoding) === body) this.#encoded.delete(encoding);
          throw error;
        },
      );
      this.#encoded.set(encoding, body);
    }
    return body;
  }

  /** Whether the page's compressed form in this encoding is made (sent without waiting). */
  isEncoded(encoding: 'br' | 'gzip'): boolean {
    return this.#made.has(encoding);
  }
}
