import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { acceptsRawFrames, prepareMessage, writePrepared } from './frame.ts';

/** A ws server and one client; the server's socket and the client's received messages. */
async function pair(perMessageDeflate: boolean) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address() as { port: number };
  const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${address.port}`, { perMessageDeflate });
  const received: { text: string; binary: boolean }[] = [];
  client.on('message', (data, isBinary) => received.push({ text: data.toString(), binary: isBinary }));
  await new Promise((resolve) => client.once('open', resolve));
  const socket = await accepted;
  return {
    socket,
    received,
    async until(count: number) {
      while (received.length < count) await new Promise((resolve) => client.once('message', resolve));
    },
    close: async () => {
      client.terminate();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const texts = [
  '{"op":"pong"}',
  JSON.stringify({ data: 'é'.repeat(100) }),
  JSON.stringify({ data: 'x'.repeat(70_000) }),
];

describe('prepared frames', () => {
  let close: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await close?.();
    close = null;
  });

  it('builds the frame ws would send (7-bit, 16-bit and 64-bit lengths) and a client reads it as text', async () => {
    const p = await pair(false);
    close = p.close;
    // Our server negotiates no extension, so its sockets take the bytes written as they are.
    expect(acceptsRawFrames(p.socket)).toBe(true);
    for (const text of texts) writePrepared(p.socket, prepareMessage(text), true);
    // Interleaved with ws's own sends, in order.
    p.socket.send('{"op":"subscribed","topic":"clock"}');
    writePrepared(p.socket, prepareMessage(texts[0]!), true);
    await p.until(texts.length + 2);
    expect(p.received).toEqual([
      ...texts.map((text) => ({ text, binary: false })),
      { text: '{"op":"subscribed","topic":"clock"}', binary: false },
      { text: texts[0], binary: false },
    ]);
  });

  it('falls back to send for a socket that negotiated permessage-deflate, and writes nothing to a closing one', async () => {
    const p = await pair(true);
    close = p.close;
    expect(p.socket.extensions).toContain('permessage-deflate');
    expect(acceptsRawFrames(p.socket)).toBe(false);
    for (const text of texts) writePrepared(p.socket, prepareMessage(text), false);
    await p.until(texts.length);
    expect(p.received).toEqual(texts.map((text) => ({ text, binary: false })));
    p.socket.close(1000, 'bye');
    expect(() => writePrepared(p.socket, prepareMessage(texts[0]!), false)).not.toThrow();
  });
});
