/** The sports micro-app's browser entry: mount/hydrate/unmount for the host. */
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import type { SportsPageProps } from './page-model.ts';
import { SportsRoot } from './SportsRoot.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<SportsPageProps>('sports', (props) => (
  <SportsRoot {...props} />
));
