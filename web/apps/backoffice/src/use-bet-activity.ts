/**
 * Follows the operators' bet activity over /ws: asks the back office for a one-minute ticket,
 * opens /ws?operator=<ticket>, subscribes to the topic it names and calls `onBet` for every bet
 * message (at most once per `throttleMs`, so a burst of bets costs one reload). Reconnects with a
 * new ticket when the socket closes. Answers whether the socket is subscribed now.
 */
import { useEffect, useRef, useState } from 'react';
import { post } from './api.ts';

const RECONNECT_MS = 2000;

export function useBetActivity(onBet: () => void, throttleMs = 250): boolean {
  const [live, setLive] = useState(false);
  const latest = useRef(onBet);
  latest.current = onBet;
  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let due = false;
    const fire = () => {
      if (timer) {
        due = true;
        return;
      }
      latest.current();
      timer = setTimeout(() => {
        timer = null;
        if (due) {
          due = false;
          fire();
        }
      }, throttleMs);
    };
    const connect = async () => {
      const answer = await post<{ ticket: string; topic: string }>('/trading/live-ticket');
      if (stopped) return;
      if (!answer.ok) {
        setTimeout(() => void connect(), RECONNECT_MS);
        return;
      }
      const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
      const ws = new WebSocket(
        `${scheme}//${window.location.host}/ws?operator=${encodeURIComponent(answer.data.ticket)}`,
      );
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ op: 'subscribe', topic: answer.data.topic }));
      ws.onmessage = (event) => {
        const frame = JSON.parse(String(event.data)) as { op: string; topic?: string };
        if (frame.op === 'subscribed') setLive(true);
        if (frame.op === 'message' && frame.topic === answer.data.topic) fire();
      };
      ws.onclose = () => {
        setLive(false);
        if (!stopped) setTimeout(() => void connect(), RECONNECT_MS);
      };
    };
    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    };
  }, [throttleMs]);
  return live;
}
