/**
 * Memory that render workers write a page's HTML into and the main thread sends it from: one
 * SharedArrayBuffer, made once, cut into fixed slots, each lent for one page at a time (taken when
 * the render is sent to a worker, given back when the page has been sent or copied).
 *
 * Why not a transferred ArrayBuffer per page: each one is new external memory to the main thread's
 * heap, and at the pages' rate (217 KB × 160 renders/s on the home page) V8 started a full marking
 * for "external memory pressure" every 2–3 s, each with a mark-compact pause of 7–17 ms and
 * marking steps on the event loop that every request then waited behind.
 */

/** The home page is about 217 KB; a larger page is transferred as its own buffer instead. */
export const PAGE_SLOT_BYTES = 512 * 1024;

export class PageSlots {
  readonly buffer: SharedArrayBuffer;
  readonly slotBytes: number;
  readonly #free: number[];
  readonly #lent = new Set<number>();

  constructor(count: number, slotBytes = PAGE_SLOT_BYTES) {
    this.buffer = new SharedArrayBuffer(count * slotBytes);
    this.slotBytes = slotBytes;
    this.#free = Array.from({ length: count }, (_, slot) => count - 1 - slot);
  }

  /** A free slot, now lent; null when every slot is out. */
  take(): number | null {
    const slot = this.#free.pop();
    if (slot === undefined) return null;
    this.#lent.add(slot);
    return slot;
  }

  /** Takes a lent slot back (giving one back twice, or one never lent, is a bug and throws). */
  give(slot: number): void {
    if (!this.#lent.delete(slot)) throw new Error(`page slot ${slot} was not lent`);
    this.#free.push(slot);
  }

  /** The first `length` bytes of a slot, without a copy. */
  bytes(slot: number, length: number): Buffer {
    return Buffer.from(this.buffer, slot * this.slotBytes, length);
  }

  get freeCount(): number {
    return this.#free.length;
  }
}

/**
 * Writes html as UTF-8 into a slot of `buffer` (in a render worker); answers the bytes written, or
 * null when the page does not fit (the slot's content is then undefined).
 */
export function writeIntoSlot(
  buffer: SharedArrayBuffer,
  slotBytes: number,
  slot: number,
  html: string,
): number | null {
  const target = new Uint8Array(buffer, slot * slotBytes, slotBytes);
  const { read, written } = encoder.encodeInto(html, target);
  return read === html.length ? written : null;
}

const encoder = new TextEncoder();
