/**
 * A rendered page as the web role sends it: its head (a redirect, or the status and headers) and
 * the HTML as UTF-8 bytes, with each compressed form made once when first asked for. A render
 * worker makes the bytes itself and hands their memory to the main thread without a copy.
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

  constructor(head: PageHead, bytes: Buffer) {
    this.head = head;
    this.bytes = bytes;
  }

  static of(response: ShellResponse): RenderedPage {
    const { head, bytes } = splitResponse(response);
    return new RenderedPage(head, bytes);
  }

  encoded(encoding: 'br' | 'gzip'): Promise<Buffer> {
    let body = this.#encoded.get(encoding);
    if (!body) {
      // Brotli at a dynamic-content quality, as app.ts does for the APIs.
      body =
        encoding === 'br'
          ? brotli(this.bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzip(this.bytes, { level: 6 });
      this.#encoded.set(encoding, body);
    }
    return body;
  }
}
