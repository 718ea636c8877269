import { HOST_EVENTS } from '@parlay/mf/host-api.ts';
import { describe, expect, it } from 'vitest';
import { createHostBridge, type HostCall, hostCallOf, MAX_PENDING_HOST_CALLS } from './host-bridge.ts';

class Detail extends Event {
  readonly detail: unknown;
  constructor(name: string, detail: unknown) {
    super(name);
    this.detail = detail;
  }
}

describe('host calls', () => {
  it.each([
    [HOST_EVENTS.notify, { text: 'x' }, { type: 'notify', request: { text: 'x' } }],
    [HOST_EVENTS.openModal, { id: 'login' }, { type: 'open-modal', request: { id: 'login', props: {} } }],
    [HOST_EVENTS.openModal, { nope: 1 }, null],
    [HOST_EVENTS.closeModal, { id: 'login' }, { type: 'close-modal', id: 'login' }],
    [HOST_EVENTS.panel, { side: 'left', hidden: true }, { type: 'panel', side: 'left', hidden: true }],
    [HOST_EVENTS.panel, { side: 'top' }, null],
    ['parlay:unknown', {}, null],
  ])('%s %o', (name, detail, call) => {
    expect(hostCallOf(name, detail)).toEqual(call);
  });

  it('keeps early calls until the overlays connect, bounded', () => {
    const target = new EventTarget();
    const bridge = createHostBridge(target);
    for (let i = 0; i < MAX_PENDING_HOST_CALLS + 5; i += 1) {
      target.dispatchEvent(new Detail(HOST_EVENTS.notify, { text: String(i) }));
    }
    const received: HostCall[] = [];
    bridge.connect((call) => received.push(call));
    expect(received).toHaveLength(MAX_PENDING_HOST_CALLS);
    expect(received[0]).toEqual({ type: 'notify', request: { text: '5' } });
    target.dispatchEvent(new Detail(HOST_EVENTS.closeModal, { id: 'login' }));
    expect(received.at(-1)).toEqual({ type: 'close-modal', id: 'login' });
  });
});
