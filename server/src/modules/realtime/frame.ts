/**
 * One WebSocket text frame built once per broadcast and written as is to every socket.
 *
 * A server's frames are not masked (RFC 6455 §5.1), so the bytes of a text frame depend only on its
 * payload: the hub encodes the JSON once, frames it once (`Sender.frame`, the same
 * function `ws` uses for each `send`) and hands the same Buffer to each socket's stream. That
 * saves, per socket, the UTF-8 encoding of the text, the header allocation and the cork/two writes
 * of `send` (bench/crash-ws measures it). A frame can be written this way only to a socket that
 *  - is open (`readyState` OPEN; a closing socket gets nothing, as `send` would write nothing),
 *  - negotiated no extension (permessage-deflate would need the payload compressed per socket; our
 *    server never offers it, `@fastify/websocket` leaves `ws`'s default `perMessageDeflate: false`),
 *  - has nothing queued in its `ws` Sender (a queue forms only while a frame is being compressed or
 *    a Blob read; writing past it would reorder frames).
 * Otherwise the hub falls back to `send(text)`. `_socket` and `_sender` are `ws` internals (ws 8):
 * their absence (another version) also falls back, and realtime.test.ts checks the frames on the wire.
 */
import type { Duplex } from 'node:stream';
import WebSocket, * as ws from 'ws';

/** `ws`'s framing function (exported by ws 8, absent from @types/ws). */
const { Sender } = ws as unknown as {
  Sender: {
    frame(
      data: Buffer,
      options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
    ): Buffer[];
  };
};

/** A message serialised once: its JSON text and its complete unmasked text frame. */
export interface PreparedMessage {
  readonly text: string;
  readonly frame: Buffer;
}

export function prepareMessage(text: string): PreparedMessage {
  const payload = Buffer.from(text);
  const parts = Sender.frame(payload, {
    fin: true,
    opcode: 0x01,
    mask: false,
    readOnly: true,
    rsv1: false,
  });
  return { text, frame: parts.length === 1 ? parts[0]! : Buffer.concat(parts) };
}

interface WsInternals {
  readonly _socket?: Duplex | null;
  readonly _sender?: { _state?: number; _queue?: unknown[] } | null;
}

const SENDER_IDLE = 0;

/**
 * Whether `socket` can take a prepared frame written to its stream. Checked once per socket when
 * it subscribes (extensions are fixed by the handshake); the sender's queue is checked per write.
 */
export function acceptsRawFrames(socket: WebSocket): boolean {
  const internals = socket as unknown as WsInternals;
  return (
    socket.extensions === '' &&
    internals._socket != null &&
    typeof internals._socket.write === 'function' &&
    internals._sender != null &&
    internals._sender._state === SENDER_IDLE &&
    Array.isArray(internals._sender._queue)
  );
}

/** Writes the prepared frame to an open socket: raw when its sender is idle, else through `send`. */
export function writePrepared(socket: WebSocket, message: PreparedMessage, raw: boolean): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  if (raw) {
    const internals = socket as unknown as Required<WsInternals>;
    const sender = internals._sender!;
    if (sender._state === SENDER_IDLE && sender._queue!.length === 0) {
      internals._socket!.write(message.frame);
      return;
    }
  }
  socket.send(message.text);
}
