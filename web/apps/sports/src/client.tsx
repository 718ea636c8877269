/** The sports micro-app's browser entry: mount/hydrate/unmount for the host. */
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import type { SportsPageProps } from './page-model.ts';
import { unpackProps } from './props-pack.ts';
import { SportsRoot } from './SportsRoot.tsx';

// The embedded props have the list games packed (props-pack.ts); the root gets them as rendered.
export const { mount, hydrate, unmount } = defineRemoteClient<SportsPageProps>('sports', (props) => (
  <SportsRoot {...unpackProps(props)} />
));
