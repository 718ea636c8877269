/** The sports micro-app's browser entry: mount/hydrate/unmount for the host. */
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import type { SportsProps } from './props.ts';
import { SportsApp } from './SportsApp.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<SportsProps>('sports', (props) => (
  <SportsApp {...props} />
));
